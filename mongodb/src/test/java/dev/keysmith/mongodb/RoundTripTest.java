package dev.keysmith.mongodb;

import static org.assertj.core.api.Assertions.assertThat;

import com.mongodb.DBRef;
import dev.keysmith.mongodb.model.Address;
import dev.keysmith.mongodb.model.Catalog;
import dev.keysmith.mongodb.model.Category;
import dev.keysmith.mongodb.model.Customer;
import dev.keysmith.mongodb.model.Geo;
import dev.keysmith.mongodb.model.Invoice;
import dev.keysmith.mongodb.model.Line;
import dev.keysmith.mongodb.model.Profile;
import dev.keysmith.mongodb.model.Status;
import dev.keysmith.mongodb.model.Ticket;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.bson.BsonBinarySubType;
import org.bson.BsonDocument;
import org.bson.BsonType;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.Test;

/** Every shape and every field kind, written through the generated codecs and read back. */
class RoundTripTest extends MongoTestBase {

    private static final Instant NOW = Instant.now().truncatedTo(ChronoUnit.MILLIS);

    static Profile fullProfile() {
        Profile profile = new Profile();
        profile.flag = true;
        profile.count = 42;
        profile.big = 1L << 40;
        profile.ratio = 0.25;
        profile.weight = 1.5f;
        profile.small = (short) 7;
        profile.tiny = (byte) -3;
        profile.initial = 'K';
        profile.boxedFlag = false;
        profile.boxedCount = 9;
        profile.boxedBig = 123456789012L;
        profile.boxedRatio = null;
        profile.name = "Ada";
        profile.status = Status.SUSPENDED;
        profile.createdAt = NOW;
        profile.legacyDate = new Date(NOW.toEpochMilli());
        profile.birthday = LocalDate.of(1815, 12, 10);
        profile.meeting = LocalDateTime.of(2026, 11, 21, 9, 30);
        profile.balance = new BigDecimal("1234.5678");
        profile.token = UUID.randomUUID();
        profile.owner = new ObjectId();
        profile.avatar = new byte[] {1, 2, 3};
        profile.manager = new DBRef("people", new ObjectId());
        profile.tags = new ArrayList<>(List.of("math", "poetry"));
        profile.tags.add(null);
        profile.luckyNumbers = new LinkedHashSet<>(List.of(3, 7));
        profile.counters = new LinkedHashMap<>(Map.of("logins", 5L));
        profile.aliases = new String[] {"Countess", null};
        profile.scores = new int[] {3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3, 2, 3};
        profile.matrix = List.of(List.of("a", "b"), List.of());
        profile.home = new Address("St James's Square", "London", new Geo(51.507, -0.135));
        profile.previousHomes = List.of(new Address("Ockham Park", null, null));
        profile.addressBook = new LinkedHashMap<>(Map.of("babbage", new Address("Dorset St", "London", null)));
        profile.transientNote = "never stored";
        return profile;
    }

    @Test
    void aFieldAccessClassWithEveryKind() {
        Profile profile = fullProfile();
        Profile inserted = keysmith.<Profile, String>repository(Profile.class).insert(profile);
        assertThat(inserted).isSameAs(profile);
        assertThat(profile.id).matches("[0-9a-f]{24}");

        Profile found = keysmith.<Profile, String>repository(Profile.class).findById(profile.id).orElseThrow();
        assertThat(found).usingRecursiveComparison().ignoringFields("transientNote").isEqualTo(profile);
        assertThat(found.transientNote).isNull();
        assertThat(found.boxedRatio).isNull();

        BsonDocument raw = raw("profiles").get(0);
        assertThat(raw.getFirstKey()).isEqualTo("_id");
        assertThat(raw.get("_id").getBsonType()).isEqualTo(BsonType.OBJECT_ID);
        assertThat(raw.getObjectId("_id").getValue().toHexString()).isEqualTo(profile.id);
        assertThat(raw.get("display_name").asString().getValue()).isEqualTo("Ada");
        assertThat(raw).doesNotContainKeys("name", "transientNote", "boxedRatio");
        assertThat(raw.get("big").getBsonType()).isEqualTo(BsonType.INT64);
        assertThat(raw.get("count").getBsonType()).isEqualTo(BsonType.INT32);
        assertThat(raw.get("status").asString().getValue()).isEqualTo("SUSPENDED");
        assertThat(raw.get("createdAt").getBsonType()).isEqualTo(BsonType.DATE_TIME);
        assertThat(raw.get("balance").getBsonType()).isEqualTo(BsonType.DECIMAL128);
        assertThat(raw.get("token").asBinary().getType()).isEqualTo(BsonBinarySubType.UUID_STANDARD.getValue());
        assertThat(raw.get("avatar").asBinary().getType()).isEqualTo(BsonBinarySubType.BINARY.getValue());
        assertThat(raw.get("manager").asDocument().getString("$ref").getValue()).isEqualTo("people");
        assertThat(raw.get("tags").asArray()).hasSize(3);
        assertThat(raw.get("tags").asArray().get(2).isNull()).isTrue();
        assertThat(raw.get("home").asDocument().get("geo").asDocument().getDouble("latitude").getValue())
                .isEqualTo(51.507);
        assertThat(raw.get("addressBook").asDocument().get("babbage").isDocument()).isTrue();
    }

    @Test
    void nullsAreLeftOutAndComeBackAsNull() {
        Profile empty = new Profile();
        keysmith.collection(Profile.class).insertOne(empty);
        Profile found = keysmith.collection(Profile.class).find().first();
        assertThat(found).usingRecursiveComparison().isEqualTo(empty);
        assertThat(raw("profiles").get(0).keySet()).containsExactly("_id", "big", "count", "flag", "initial",
                "ratio", "small", "tiny", "weight");
    }

    @Test
    void aGetterSetterClass() {
        Customer customer = new Customer();
        customer.setName("Grace");
        customer.setVisits(3);
        customer.setVip(true);
        customer.setStatus(Status.ACTIVE);
        customer.setSince(NOW);
        customer.setCredit(new BigDecimal("10.01"));
        customer.setEmails(List.of("grace@example.com"));
        customer.setPoints(Map.of("2026", 12));

        Repository<Customer, Long> customers = keysmith.repository(Customer.class);
        customers.insert(customer);
        assertThat(customer.getId()).isEqualTo(1L);
        assertThat(customers.findById(1L).orElseThrow()).usingRecursiveComparison().isEqualTo(customer);
        BsonDocument raw = raw("customers").get(0);
        assertThat(raw.getFirstKey()).isEqualTo("_id");
        assertThat(raw.get("_id").getBsonType()).isEqualTo(BsonType.INT64);
    }

    @Test
    void aRecordWithEmbeddedRecords() {
        Invoice invoice = new Invoice(null, new BigDecimal("99.90"), NOW, Status.CLOSED,
                List.of(new Line("A-1", 2, new BigDecimal("9.95")), new Line("B-2", 1, null)));
        Invoice inserted = keysmith.<Invoice, Long>repository(Invoice.class).insert(invoice);
        assertThat(inserted).isNotSameAs(invoice);
        assertThat(inserted.number()).isEqualTo(1L);
        assertThat(inserted).usingRecursiveComparison().ignoringFields("number").isEqualTo(invoice);
        assertThat(keysmith.<Invoice, Long>repository(Invoice.class).findById(1L)).contains(inserted);
        BsonDocument raw = raw("invoices").get(0);
        assertThat(raw.getFirstKey()).isEqualTo("_id");
        assertThat(raw.get("_id").getBsonType()).isEqualTo(BsonType.INT64);
        assertThat(raw.get("lines").asArray().get(0).asDocument().getInt32("quantity").getValue()).isEqualTo(2);
    }

    @Test
    void anImmutableClass() {
        Ticket ticket = new Ticket(null, "Broken build", 2);
        Ticket inserted = keysmith.<Ticket, UUID>repository(Ticket.class).insert(ticket);
        assertThat(inserted).isNotSameAs(ticket);
        assertThat(inserted.getId().version()).isEqualTo(7);
        assertThat(keysmith.<Ticket, UUID>repository(Ticket.class).findById(inserted.getId())).contains(inserted);
        BsonDocument raw = raw("tickets").get(0);
        assertThat(raw.getFirstKey()).isEqualTo("_id");
        assertThat(raw.get("_id").asBinary().getType()).isEqualTo(BsonBinarySubType.UUID_STANDARD.getValue());
        assertThat(raw.keySet()).containsExactly("_id", "priority", "title");
    }

    @Test
    void fieldsAreReadInAnyOrderAndUnknownFieldsAreSkipped() {
        database.getCollection("tickets", BsonDocument.class).insertOne(BsonDocument.parse(
                "{priority: 5, unknown: {deep: [1, 2]}, title: 'Reordered', extra: 'x',"
                        + " _id: {$binary: {base64: 'AZOCm9OyfWKqxm5Cgp7q1w==', subType: '04'}}}"));
        Ticket found = keysmith.collection(Ticket.class).find().first();
        assertThat(found.getTitle()).isEqualTo("Reordered");
        assertThat(found.getPriority()).isEqualTo(5);
        assertThat(found.getId()).isEqualTo(UUID.fromString("0193829b-d3b2-7d62-aac6-6e42829eead7"));
    }

    @Test
    void setsComeBackAsSets() {
        Profile profile = new Profile();
        profile.luckyNumbers = Set.of(1, 2, 3);
        keysmith.collection(Profile.class).insertOne(profile);
        assertThat(keysmith.collection(Profile.class).find().first().luckyNumbers).containsExactlyInAnyOrder(1, 2, 3);
    }

    @Test
    void aRecursiveEmbeddedTypeAndARenamedRecordComponent() {
        Category root = new Category("all", List.of(new Category("books", List.of(new Category("poetry", List.of()))),
                new Category("music", null)));
        Catalog inserted = keysmith.<Catalog, String>repository(Catalog.class).insert(new Catalog(null, root));
        assertThat(keysmith.<Catalog, String>repository(Catalog.class).findById(inserted.id())).contains(inserted);
        BsonDocument raw = raw("catalogs").get(0);
        assertThat(raw.keySet()).containsExactly("_id", "root_category");
        assertThat(raw.getDocument("root_category").getArray("children").get(0).asDocument()
                .getArray("children").get(0).asDocument().getString("name").getValue()).isEqualTo("poetry");
    }
}
