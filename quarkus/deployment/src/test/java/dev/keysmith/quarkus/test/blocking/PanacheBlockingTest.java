package dev.keysmith.quarkus.test.blocking;

import static org.assertj.core.api.Assertions.assertThat;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.Filters;
import dev.keysmith.quarkus.test.EmbeddedMongo;
import io.quarkus.test.QuarkusUnitTest;
import jakarta.inject.Inject;
import java.util.List;
import org.bson.BsonBinarySubType;
import org.bson.BsonDocument;
import org.bson.BsonType;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Blocking Panache MongoDB with keysmith's extension and no application code: every strategy's id on persist,
 * persistOrUpdate, persist(List) and update, the stored _id of each, findById by the Java id, the counters in the
 * configured database. One Quarkus start for the class.
 */
class PanacheBlockingTest {

    private static final String DATABASE = "keysmith_quarkus_blocking";

    @RegisterExtension
    static final QuarkusUnitTest QUARKUS = new QuarkusUnitTest()
            .withApplicationRoot(jar -> jar.addPackage(Person.class.getPackage()).addClass(EmbeddedMongo.class))
            .overrideConfigKey("quarkus.mongodb.connection-string", EmbeddedMongo.uri())
            .overrideConfigKey("quarkus.mongodb.database", DATABASE)
            .overrideConfigKey("quarkus.mongodb.uuid-representation", "standard")
            .overrideConfigKey("quarkus.devservices.enabled", "false");

    @Inject
    MongoClient client;

    @Inject
    Invoices invoices;

    @Test
    void everyStrategyGetsItsIdAndIsFoundById() {
        Person ada = new Person();
        ada.name = "Ada";
        ada.persist();
        Session session = new Session();
        session.user = "ada";
        session.persist();
        GiftCard card = new GiftCard();
        card.cents = 500;
        card.persist();
        Invoice first = new Invoice();
        first.customer = "Ada";
        invoices.persist(first);

        assertThat(ObjectId.isValid(ada.id)).as(ada.id).isTrue();
        assertThat(session.id.version()).isEqualTo(7);
        assertThat(card.number).isBetween(100_000_000_000L, 999_999_999_999L);
        assertThat(first.number).isPositive();

        // as keysmith stores each strategy: an ObjectId, binary subtype 4, 64-bit numbers
        assertThat(stored("people", "Ada").get("_id").getBsonType()).isEqualTo(BsonType.OBJECT_ID);
        assertThat(stored("people", "Ada").getObjectId("_id").getValue().toHexString()).isEqualTo(ada.id);
        assertThat(stored("sessions", "ada").getBinary("_id").getType())
                .isEqualTo(BsonBinarySubType.UUID_STANDARD.getValue());
        assertThat(database().getCollection("giftCards", BsonDocument.class).find(Filters.eq("cents", 500L)).first()
                .getInt64("_id").getValue()).isEqualTo(card.number);
        assertThat(stored("invoices", "Ada").getInt64("_id").getValue()).isEqualTo(first.number);

        Person foundAda = Person.findById(ada.id);
        assertThat(foundAda).isNotNull();
        assertThat(foundAda.name).isEqualTo("Ada");
        assertThat(Person.<Person>findByIdOptional(ada.id)).isPresent();
        Session foundSession = Session.findById(session.id);
        assertThat(foundSession.user).isEqualTo("ada");
        GiftCard foundCard = GiftCard.findById(card.number);
        assertThat(foundCard.cents).isEqualTo(500);
        assertThat(invoices.findById(first.number).customer).isEqualTo("Ada");
        assertThat(Person.<Person>findById(new ObjectId().toHexString())).isNull();
        assertThat(Person.<Person>findById("not an ObjectId")).isNull();
    }

    @Test
    void persistOrUpdateListAndUpdateGiveIdsOnce() {
        Invoice a = new Invoice();
        a.customer = "A";
        invoices.persistOrUpdate(a);
        assertThat(a.number).isNotNull();
        a.customer = "A, changed";
        invoices.persistOrUpdate(a);
        assertThat(invoices.findById(a.number).customer).isEqualTo("A, changed");

        List<Invoice> batch = List.of(new Invoice(), new Invoice(), new Invoice());
        invoices.persist(batch);
        assertThat(batch).allSatisfy(invoice -> assertThat(invoice.number).isNotNull());
        assertThat(batch.stream().map(invoice -> invoice.number).distinct()).hasSize(3);

        Person grace = new Person();
        grace.name = "Grace";
        grace.persistOrUpdate();
        assertThat(ObjectId.isValid(grace.id)).isTrue();
        grace.name = "Grace Hopper";
        grace.update();
        assertThat(Person.<Person>findById(grace.id).name).isEqualTo("Grace Hopper");
        assertThat(Person.count("name", "Grace Hopper")).isEqualTo(1);
        assertThat(Person.deleteById(grace.id)).isTrue();
        assertThat(Person.<Person>findByIdOptional(grace.id)).isEmpty();

        // the counter lives in the configured database, in keysmith's collection, at or past every number handed out
        long largest = invoices.listAll().stream().mapToLong(invoice -> invoice.number).max().orElseThrow();
        BsonDocument counter = database().getCollection("keysmith_counters", BsonDocument.class)
                .find(Filters.eq("_id", "invoices")).first();
        assertThat(counter).isNotNull();
        assertThat(counter.getNumber("next").longValue()).isGreaterThanOrEqualTo(largest);
    }

    /** The stored document of {@code collection} whose name, user or customer is {@code value}. */
    private BsonDocument stored(String collection, String value) {
        return database().getCollection(collection, BsonDocument.class)
                .find(Filters.or(Filters.eq("name", value), Filters.eq("user", value), Filters.eq("customer", value)))
                .first();
    }

    private MongoDatabase database() {
        return client.getDatabase(DATABASE);
    }
}
