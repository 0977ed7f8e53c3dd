package dev.keysmith.mongodb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.WriteConcern;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.Filters;
import com.mongodb.event.CommandListener;
import com.mongodb.event.CommandStartedEvent;
import dev.keysmith.mongodb.model.Address;
import dev.keysmith.mongodb.model.Customer;
import dev.keysmith.mongodb.model.LogLine;
import dev.keysmith.mongodb.model.Status;
import dev.keysmith.mongodb.model.Ticket;
import dev.keysmith.runtime.codec.EntityCodec;
import dev.keysmith.runtime.codec.StoredCodec;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import org.bson.BsonBinarySubType;
import org.bson.BsonDocument;
import org.bson.UuidRepresentation;
import org.junit.jupiter.api.Test;

class KeysmithTest extends MongoTestBase {

    @Test
    void theRegistryServesGeneratedCodecsFirstThenTheDriversDefaults() {
        assertThat(keysmith.codecRegistry().get(Customer.class)).isInstanceOf(EntityCodec.class);
        assertThat(keysmith.codecRegistry().get(Address.class).getClass().getSimpleName())
                .isEqualTo("Address_KeysmithCodec");
        assertThat(keysmith.codecRegistry().get(org.bson.Document.class)).isNotNull();
    }

    @Test
    void collectionUsesTheEntitysCollectionName() {
        assertThat(keysmith.collection(Customer.class).getNamespace().getCollectionName()).isEqualTo("customers");
        assertThat(keysmith.collection(Customer.class).getCodecRegistry().get(Customer.class))
                .isInstanceOf(EntityCodec.class);
    }

    @Test
    void typesThatAreNotEntitiesAreRejectedWithTheFix() {
        assertThatThrownBy(() -> keysmith.collection(String.class))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("java.lang.String has no generated codec")
                .hasMessageContaining("annotationProcessorPaths");
        assertThatThrownBy(() -> keysmith.repository(Address.class))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("is @Embedded, not an entity");
    }

    @Test
    void documentWithoutIdHasACollectionAndNoRepository() {
        LogLine line = new LogLine();
        line.level = "WARN";
        line.message = "disk almost full";
        keysmith.collection(LogLine.class).insertOne(line);
        BsonDocument stored = database.getCollection("log", BsonDocument.class).find().first();
        assertThat(stored.getObjectId("_id")).isNotNull();
        assertThat(stored.getString("message").getValue()).isEqualTo("disk almost full");
        assertThat(keysmith.collection(LogLine.class).find(Filters.eq("level", "WARN")).first())
                .usingRecursiveComparison().isEqualTo(line);
        assertThat(keysmith.codecRegistry().get(LogLine.class)).isInstanceOf(StoredCodec.class)
                .isNotInstanceOf(EntityCodec.class);
        assertThatThrownBy(() -> keysmith.repository(LogLine.class))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("LogLine is a @Document without an id property")
                .hasMessageContaining("use keysmith.collection(LogLine.class)")
                .hasMessageContaining("@GeneratedObjectId ObjectId id");
    }

    @Test
    void repositoryOperations() {
        Repository<Customer, Long> customers = keysmith.repository(Customer.class);
        Customer ada = customer("Ada", Status.ACTIVE);
        Customer grace = customer("Grace", Status.SUSPENDED);
        customers.insertAll(List.of(ada, grace));

        assertThat(customers.count()).isEqualTo(2);
        assertThat(customers.findAll()).extracting(Customer::getName).containsExactlyInAnyOrder("Ada", "Grace");
        assertThat(customers.find(Filters.eq("status", "SUSPENDED"))).extracting(Customer::getName)
                .containsExactly("Grace");
        assertThat(customers.findById(ada.getId())).get().extracting(Customer::getName).isEqualTo("Ada");
        assertThat(customers.findById(999L)).isEmpty();

        ada.setVisits(10);
        customers.save(ada);
        assertThat(customers.findById(ada.getId()).orElseThrow().getVisits()).isEqualTo(10);
        Customer linus = customers.save(customer("Linus", Status.ACTIVE));
        assertThat(linus.getId()).isNotNull();
        assertThat(customers.count()).isEqualTo(3);

        assertThat(customers.deleteById(grace.getId())).isTrue();
        assertThat(customers.deleteById(grace.getId())).isFalse();
        assertThat(customers.count()).isEqualTo(2);
    }

    @Test
    void findByIdRejectsAnIdOfTheWrongType() {
        Repository<Customer, Object> customers = keysmith.repository(Customer.class);
        assertThatThrownBy(() -> customers.findById("seven"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("The id of Customer is a Long, not java.lang.String seven");
    }

    @Test
    void uuidsAreSubtype4WhateverTheClientsUuidRepresentation() {
        for (UuidRepresentation representation : List.of(UuidRepresentation.UNSPECIFIED,
                UuidRepresentation.JAVA_LEGACY)) {
            MongoClient other = mongo.newClient(settings -> settings.uuidRepresentation(representation));
            MongoDatabase otherDatabase = other.getDatabase(database.getName());
            try (Keysmith otherKeysmith = Keysmith.create(otherDatabase)) {
                Ticket ticket = otherKeysmith.<Ticket, UUID>repository(Ticket.class).insert(new Ticket(null, "t", 1));
                BsonDocument raw = database.getCollection("tickets", BsonDocument.class)
                        .find(Filters.eq("title", "t")).first();
                assertThat(raw.get("_id").asBinary().getType()).isEqualTo(BsonBinarySubType.UUID_STANDARD.getValue());
                assertThat(raw.get("_id").asBinary().asUuid()).isEqualTo(ticket.getId());
                assertThat(otherKeysmith.<Ticket, UUID>repository(Ticket.class).findById(ticket.getId()))
                        .contains(ticket);
                otherKeysmith.<Ticket, UUID>repository(Ticket.class).deleteById(ticket.getId());
            }
        }
    }

    @Test
    void theBuilderSetsTheCountersCollectionAndItsWriteConcern() {
        List<BsonDocument> counterWrites = new CopyOnWriteArrayList<>();
        MongoClient listened = clientRecordingCounterWrites(counterWrites);
        try (Keysmith custom = Keysmith.builder(listened.getDatabase(database.getName()))
                .countersCollection("my_counters")
                .writeConcern(WriteConcern.W1)
                .build()) {
            custom.<Customer, Long>repository(Customer.class).insert(customer("Ada", Status.ACTIVE));
        }
        assertThat(database.getCollection("my_counters").countDocuments()).isEqualTo(1);
        assertThat(database.getCollection("keysmith_counters").countDocuments()).isZero();
        assertThat(counterWrites).isNotEmpty().allSatisfy(command -> {
            assertThat(command.getString("findAndModify").getValue()).isEqualTo("my_counters");
            assertThat(command.getDocument("writeConcern").get("w").asInt32().getValue()).isEqualTo(1);
        });
    }

    @Test
    void theDefaultsAreKeysmithCountersAndMajority() {
        List<BsonDocument> counterWrites = new CopyOnWriteArrayList<>();
        MongoClient listened = clientRecordingCounterWrites(counterWrites);
        try (Keysmith defaults = Keysmith.create(listened.getDatabase(database.getName()))) {
            defaults.<Customer, Long>repository(Customer.class).insert(customer("Ada", Status.ACTIVE));
        }
        assertThat(counterWrites).isNotEmpty().allSatisfy(command -> {
            assertThat(command.getString("findAndModify").getValue()).isEqualTo("keysmith_counters");
            assertThat(command.getDocument("writeConcern").getString("w").getValue()).isEqualTo("majority");
        });
    }

    @Test
    void theBuildersBadSettingsFailAtTheirCallNamingTheSettingAndTheStoreRefusesABlankCollection() {
        Keysmith.Builder builder = Keysmith.builder(database);
        assertThatThrownBy(() -> builder.prefetchBatches(0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("prefetchBatches must be at least 1, but was 0");
        assertThatThrownBy(() -> builder.countersCollection(" "))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the counters collection needs a name, not ' '");
        assertThatThrownBy(() -> builder.countersCollection(null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the counters collection needs a name, not 'null'");
        assertThatThrownBy(() -> builder.allocationTimeout(null))
                .isInstanceOf(NullPointerException.class).hasMessage("allocationTimeout");
        assertThatThrownBy(() -> MongoCounterStore.create(database, "", WriteConcern.MAJORITY))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the counters collection needs a name, not ''");

        // The refused calls changed nothing: the builder still makes a working keysmith on the defaults.
        try (Keysmith built = builder.build()) {
            built.<Customer, Long>repository(Customer.class).insert(customer("Ada", Status.ACTIVE));
        }
        assertThat(database.getCollection("keysmith_counters").countDocuments()).isEqualTo(1);
    }

    @Test
    void durationsOutOfRangeFailAtBuildNamingTheSetting() {
        assertThatThrownBy(() -> Keysmith.builder(database).allocationTimeout(Duration.ZERO).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("allocationTimeout must be positive, but was PT0S");
        assertThatThrownBy(() -> Keysmith.builder(database).failureBackoff(Duration.ofMillis(-1)).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("failureBackoff must not be negative, but was PT-0.001S");
    }

    private static Customer customer(String name, Status status) {
        Customer customer = new Customer();
        customer.setName(name);
        customer.setStatus(status);
        return customer;
    }

    /** A client on the test server that records every counter write (findAndModify) it sends. */
    private MongoClient clientRecordingCounterWrites(List<BsonDocument> counterWrites) {
        CommandListener listener = new CommandListener() {
            @Override
            public void commandStarted(CommandStartedEvent event) {
                if (event.getCommandName().equalsIgnoreCase("findAndModify")) {
                    counterWrites.add(event.getCommand().clone());
                }
            }
        };
        return mongo.newClient(settings -> settings.addCommandListener(listener));
    }
}
