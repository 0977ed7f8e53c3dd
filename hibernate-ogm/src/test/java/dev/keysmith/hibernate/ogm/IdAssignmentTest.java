package dev.keysmith.hibernate.ogm;

import static dev.keysmith.hibernate.ogm.OgmTestSupport.find;
import static dev.keysmith.hibernate.ogm.OgmTestSupport.persist;
import static org.assertj.core.api.Assertions.assertThat;

import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.Filters;
import dev.keysmith.hibernate.ogm.model.Account;
import dev.keysmith.hibernate.ogm.model.Invoice;
import dev.keysmith.hibernate.ogm.model.Note;
import dev.keysmith.hibernate.ogm.model.Person;
import dev.keysmith.hibernate.ogm.model.Ticket;
import dev.keysmith.hibernate.ogm.model.Token;
import dev.keysmith.hibernate.ogm.model.Visit;
import java.util.UUID;
import javax.persistence.EntityManagerFactory;
import org.bson.BsonBinarySubType;
import org.bson.BsonDocument;
import org.bson.BsonType;
import org.bson.BsonValue;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Each annotation: the id is assigned on persist, stored with the promised BSON type, and found again. */
class IdAssignmentTest {

    private static OgmTestSupport mongo;
    private static String databaseName;
    private static MongoDatabase database;
    private static EntityManagerFactory factory;

    @BeforeAll
    static void boot() {
        mongo = OgmTestSupport.start();
        databaseName = mongo.freshDatabaseName();
        database = mongo.database(databaseName);
        factory = mongo.factory(databaseName, Person.class, Note.class, Invoice.class, Ticket.class, Visit.class,
                Token.class, Account.class);
    }

    @AfterAll
    static void shutDown() {
        mongo.close();
    }

    @Test
    void objectIdIdIsAnObjectIdInTheDocument() {
        Person ada = persist(factory, new Person("Ada"));

        assertThat(ada.id).isNotNull();
        assertThat(rawId("Person", ada.id).asObjectId().getValue()).isEqualTo(ada.id);
        assertThat(find(factory, Person.class, ada.id).name).isEqualTo("Ada");
    }

    @Test
    void stringObjectIdIsStoredAsAnObjectIdNotAsText() {
        Note note = persist(factory, new Note("remember"));

        assertThat(note.id).matches("[0-9a-f]{24}");
        BsonValue stored = rawId("Note", new ObjectId(note.id));
        assertThat(stored.getBsonType()).isEqualTo(BsonType.OBJECT_ID);
        assertThat(stored.asObjectId().getValue().toHexString()).isEqualTo(note.id);
        assertThat(find(factory, Note.class, note.id).text).isEqualTo("remember");
    }

    @Test
    void sequenceIdIsAnInt64InTheDocument() {
        Invoice invoice = persist(factory, new Invoice("ACME"));

        assertThat(invoice.number).isPositive();
        BsonValue stored = rawId("Invoice", invoice.number);
        assertThat(stored.getBsonType()).isEqualTo(BsonType.INT64);
        assertThat(stored.asInt64().getValue()).isEqualTo(invoice.number);
        assertThat(find(factory, Invoice.class, invoice.number).customer).isEqualTo("ACME");
    }

    @Test
    void intSequenceOverSeveralCountersStaysInItsDigitsAndIsAnInt32() {
        Ticket ticket = persist(factory, new Ticket("broken printer"));

        assertThat(ticket.number).isBetween(100_000, 999_999);
        BsonValue stored = rawId("Ticket", ticket.number);
        assertThat(stored.getBsonType()).isEqualTo(BsonType.INT32);
        assertThat(find(factory, Ticket.class, ticket.number).title).isEqualTo("broken printer");
        // three counter documents tickets#0..2 share the space; the one used owns the id's range
        assertThat(database.getCollection("keysmith_counters", BsonDocument.class)
                .countDocuments(Filters.regex("_id", "^tickets#[0-2]$"))).isBetween(1L, 3L);
    }

    @Test
    void uuidIdIsBinarySubtype4NotOgmsString() {
        Visit visit = persist(factory, new Visit("/home"));

        assertThat(visit.id.version()).isEqualTo(4);
        BsonValue stored = rawId("Visit", new org.bson.BsonBinary(visit.id));
        assertThat(stored.getBsonType()).isEqualTo(BsonType.BINARY);
        assertThat(stored.asBinary().getType()).isEqualTo(BsonBinarySubType.UUID_STANDARD.getValue());
        assertThat(stored.asBinary().asUuid()).isEqualTo(visit.id);
        assertThat(find(factory, Visit.class, visit.id).page).isEqualTo("/home");
    }

    @Test
    void aUuidThatIsNotTheIdIsStoredAsOgmStoresIt() {
        Visit visit = new Visit("/pricing");
        visit.referrer = UUID.randomUUID();
        persist(factory, visit);

        BsonDocument document = database.getCollection("Visit", BsonDocument.class)
                .find(Filters.eq("_id", new org.bson.BsonBinary(visit.id))).first();
        assertThat(document.get("referrer").getBsonType()).isEqualTo(BsonType.STRING);
        assertThat(document.getString("referrer").getValue()).isEqualTo(visit.referrer.toString());
        assertThat(find(factory, Visit.class, visit.id).referrer).isEqualTo(visit.referrer);
    }

    @Test
    void stringUuidIdIsBinarySubtype4Too() {
        Token token = persist(factory, new Token("grace"));

        UUID uuid = UUID.fromString(token.id);
        assertThat(uuid.version()).isEqualTo(7);
        assertThat(token.id).isEqualTo(uuid.toString());
        BsonValue stored = rawId("Token", new org.bson.BsonBinary(uuid));
        assertThat(stored.asBinary().getType()).isEqualTo(BsonBinarySubType.UUID_STANDARD.getValue());
        assertThat(stored.asBinary().asUuid()).isEqualTo(uuid);
        assertThat(find(factory, Token.class, token.id).owner).isEqualTo("grace");
    }

    @Test
    void randomIdHasItsDigitsAndIsAnInt64() {
        Account account = persist(factory, new Account("Linus"));

        assertThat(account.number).isBetween(100_000_000_000L, 999_999_999_999L);
        BsonValue stored = rawId("Account", account.number);
        assertThat(stored.getBsonType()).isEqualTo(BsonType.INT64);
        assertThat(find(factory, Account.class, account.number).holder).isEqualTo("Linus");
    }

    /** The raw {@code _id} of the one document of {@code collection} whose {@code _id} is {@code id}. */
    private static BsonValue rawId(String collection, Object id) {
        BsonDocument document = database.getCollection(collection, BsonDocument.class)
                .find(Filters.eq("_id", id)).first();
        assertThat(document).as("the document with _id %s in %s", id, collection).isNotNull();
        return document.get("_id");
    }
}
