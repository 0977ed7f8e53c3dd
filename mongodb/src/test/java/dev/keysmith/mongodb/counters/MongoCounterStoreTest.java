package dev.keysmith.mongodb.counters;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.WriteConcern;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoDatabase;
import com.mongodb.event.CommandListener;
import com.mongodb.event.CommandStartedEvent;
import dev.keysmith.mongodb.MongoCounterStore;
import dev.keysmith.mongodb.testing.TestMongo;
import dev.keysmith.runtime.CounterStore;
import dev.keysmith.runtime.ResyncableCounterStore;
import dev.keysmith.runtime.testing.ResyncableCounterStoreContract;
import dev.keysmith.runtime.IdAllocationException;
import dev.keysmith.runtime.IdGenerators;
import dev.keysmith.runtime.MalformedCounterException;
import dev.keysmith.runtime.SequenceAllocator;
import dev.keysmith.runtime.SequenceSpec;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.bson.BsonDocument;
import org.bson.BsonInt64;
import org.bson.BsonString;
import org.bson.Document;
import org.bson.RawBsonDocument;
import org.bson.types.Decimal128;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class MongoCounterStoreTest extends ResyncableCounterStoreContract {

    private static final List<BsonDocument> findAndModifyCommands = new CopyOnWriteArrayList<>();
    private static TestMongo mongo;
    private static MongoClient client;

    private MongoDatabase database;

    @BeforeAll
    static void startServer() {
        mongo = TestMongo.start();
        client = mongo.newClient(settings -> settings.addCommandListener(new CommandListener() {
            @Override
            public void commandStarted(CommandStartedEvent event) {
                if (event.getCommandName().equals("findAndModify")) {
                    findAndModifyCommands.add(event.getCommand().clone());
                }
            }
        }));
    }

    @AfterAll
    static void stopServer() {
        mongo.close();
    }

    @BeforeEach
    void freshDatabase() {
        database = mongo.freshDatabase(client);
        findAndModifyCommands.clear();
    }

    @Override
    protected ResyncableCounterStore emptyStore() {
        return MongoCounterStore.create(database);
    }

    @Override
    protected void setCounter(String counter, long value) {
        database.getCollection("keysmith_counters", BsonDocument.class).replaceOne(
                new BsonDocument("_id", new BsonString(counter)),
                new BsonDocument("_id", new BsonString(counter)).append("next", new BsonInt64(value)),
                new com.mongodb.client.model.ReplaceOptions().upsert(true));
    }

    @Test
    void theBoundIsInTheFilterOfTheOneUpdateSoTheServerNeverAddsPastIt() {
        MongoCounterStore store = MongoCounterStore.create(database);
        setCounter("last", Long.MAX_VALUE - 5);
        findAndModifyCommands.clear();

        assertThat(store.reserve("last", 10, Long.MAX_VALUE)).isEqualTo(Long.MAX_VALUE - 5);

        BsonDocument first = findAndModifyCommands.get(0);
        assertThat(first.getDocument("query").getDocument("next").get("$lte"))
                .isEqualTo(new BsonInt64(Long.MAX_VALUE - 10));
        BsonDocument last = findAndModifyCommands.get(findAndModifyCommands.size() - 1);
        assertThat(last.getDocument("update").getDocument("$inc").get("next")).isEqualTo(new BsonInt64(5));
        assertThat(database.getCollection("keysmith_counters", BsonDocument.class).find().first().get("next"))
                .isEqualTo(new BsonInt64(Long.MAX_VALUE));
    }

    @Test
    void raiseAndValueLeaveAMalformedCounterAsItIs() {
        MongoCounterStore store = MongoCounterStore.create(database);
        database.getCollection("keysmith_counters").insertOne(new Document("_id", "odd").append("next", 10.5));

        assertThatThrownBy(() -> store.raise("odd", 100)).isInstanceOf(MalformedCounterException.class)
                .hasMessageContaining("'odd'");
        assertThatThrownBy(() -> store.value("odd")).isInstanceOf(MalformedCounterException.class);
        assertThat(database.getCollection("keysmith_counters").find().first().get("next")).isEqualTo(10.5);
    }

    @Test
    void keepsOneDocumentPerCounterWithTheNumberOfValuesReserved() {
        MongoCounterStore store = MongoCounterStore.create(database);

        store.reserve("invoices", 50);
        store.reserve("invoices", 50);
        store.reserve("orders#2", 7);

        List<Document> documents = database.getCollection("keysmith_counters").find().into(new java.util.ArrayList<>());
        assertThat(documents).containsExactlyInAnyOrder(
                new Document("_id", "invoices").append("next", 100L),
                new Document("_id", "orders#2").append("next", 7L));
        assertThat(store.collectionName()).isEqualTo("keysmith_counters");
    }

    @Test
    void counterWritesCarryMajorityByDefault() {
        MongoCounterStore.create(database).reserve("invoices", 10);

        assertThat(findAndModifyCommands).hasSize(1);
        BsonDocument command = findAndModifyCommands.get(0);
        assertThat(command.getString("findAndModify")).isEqualTo(new BsonString("keysmith_counters"));
        assertThat(command.getDocument("writeConcern").get("w")).isEqualTo(new BsonString("majority"));
        assertThat(command.getDocument("update").getDocument("$inc").get("next")).isEqualTo(new BsonInt64(10));
        assertThat(command.getBoolean("upsert").getValue()).isTrue();
        assertThat(command.getBoolean("new").getValue()).isFalse();
    }

    @Test
    void counterWritesCarryTheConfiguredWriteConcernAndCollection() {
        WriteConcern journaled = WriteConcern.W1.withJournal(true);

        MongoCounterStore.create(database, "my_counters", journaled).reserve("invoices", 10);

        BsonDocument command = findAndModifyCommands.get(0);
        assertThat(command.getString("findAndModify")).isEqualTo(new BsonString("my_counters"));
        assertThat(command.getDocument("writeConcern")).isEqualTo(journaled.asDocument());
        assertThat(database.getCollection("my_counters").countDocuments()).isEqualTo(1);
    }

    @Test
    void aCounterSeededByHandAsAnIntIsReadAndBecomesALong() {
        database.getCollection("keysmith_counters").insertOne(new Document("_id", "seeded").append("next", 1000));
        MongoCounterStore store = MongoCounterStore.create(database);

        assertThat(store.reserve("seeded", 10)).isEqualTo(1000);
        assertThat(store.reserve("seeded", 10)).isEqualTo(1010);
        assertThat(database.getCollection("keysmith_counters").find().first().get("next")).isEqualTo(1020L);
    }

    @Test
    void aCounterDocumentWithoutValueIsReportedAndLeftAlone() {
        database.getCollection("keysmith_counters").insertOne(new Document("_id", "invoices").append("seq", 42L));
        MongoCounterStore store = MongoCounterStore.create(database);

        assertThatIllegalStateException().isThrownBy(() -> store.reserve("invoices", 10))
                .withMessageContaining("'invoices'")
                .withMessageContaining("keysmith_counters")
                .withMessageContaining("\"seq\": 42");
        assertThat(database.getCollection("keysmith_counters").find().first())
                .isEqualTo(new Document("_id", "invoices").append("seq", 42L));
    }

    @Test
    void aCounterDocumentWhoseValueIsNotANumberIsReported() {
        database.getCollection("keysmith_counters").insertOne(new Document("_id", "invoices").append("next", "ten"));
        MongoCounterStore store = MongoCounterStore.create(database);

        assertThatIllegalStateException().isThrownBy(() -> store.reserve("invoices", 10))
                .withMessageContaining("'invoices'")
                .withMessageContaining("keysmith_counters")
                .withMessageContaining("\"ten\"");
    }

    @Test
    void aNegativeValueIsReported() {
        database.getCollection("keysmith_counters").insertOne(new Document("_id", "invoices").append("next", -5L));

        assertThatIllegalStateException().isThrownBy(() -> MongoCounterStore.create(database).reserve("invoices", 1))
                .withMessageContaining("-5");
    }

    static List<Document> malformedCounters() {
        return List.of(
                new Document("_id", "invoices").append("next", 100.5),
                new Document("_id", "invoices").append("next", new Decimal128(100)),
                new Document("_id", "invoices").append("next", -5L),
                new Document("_id", "invoices").append("next", -5),
                new Document("_id", "invoices").append("next", 100.0),
                new Document("_id", "invoices").append("next", "ten"),
                new Document("_id", "invoices").append("seq", 42L));
    }

    @ParameterizedTest
    @MethodSource("malformedCounters")
    void aMalformedCounterFailsClearlyOnEveryCallAndIsNeverChanged(Document malformed) {
        database.getCollection("keysmith_counters").insertOne(malformed);
        byte[] before = storedBytes();
        MongoCounterStore store = MongoCounterStore.create(database);

        for (int i = 0; i < 20; i++) {
            assertThatThrownBy(() -> store.reserve("invoices", 10)).isInstanceOfSatisfying(
                    MalformedCounterException.class, e -> {
                        assertThat(e.counter()).isEqualTo("invoices");
                        assertThat(e).hasMessageContaining("'invoices'").hasMessageContaining("keysmith_counters")
                                .hasMessageContaining("left unchanged");
                    });
        }
        try (IdGenerators ids = IdGenerators.builder(store).failureBackoff(Duration.ZERO).build()) {
            SequenceAllocator allocator = ids.sequence(SequenceSpec.of("invoices").withBatch(10));
            for (int i = 0; i < 20; i++) {
                assertThatThrownBy(allocator::next).isInstanceOf(IdAllocationException.class)
                        .hasCauseInstanceOf(MalformedCounterException.class).hasMessageContaining("'invoices'");
            }
        }

        assertThat(storedBytes()).as("the stored document, byte for byte").isEqualTo(before);
        assertThat(database.getCollection("keysmith_counters").countDocuments()).isEqualTo(1);
    }

    private byte[] storedBytes() {
        RawBsonDocument stored = database.getCollection("keysmith_counters", RawBsonDocument.class).find().first();
        org.bson.ByteBuf buffer = stored.getByteBuffer();
        byte[] bytes = new byte[buffer.remaining()];
        buffer.get(bytes);
        return bytes;
    }
}
