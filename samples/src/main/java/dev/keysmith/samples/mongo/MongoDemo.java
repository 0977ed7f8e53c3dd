package dev.keysmith.samples.mongo;

import static com.mongodb.client.model.Sorts.ascending;

import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import dev.keysmith.mongodb.Keysmith;
import dev.keysmith.mongodb.Repository;
import dev.keysmith.runtime.ObjectIds;
import dev.keysmith.runtime.Uuids;
import dev.keysmith.samples.Table;
import java.math.BigDecimal;
import org.bson.Document;

/**
 * Every strategy through the plain MongoDB driver: repositories, and a {@code MongoCollection} whose
 * {@code insertOne} assigns the id itself.
 *
 * <p>Not thread-safe: confine to one thread.
 */
public final class MongoDemo {

    /** Where sequences keep their counters unless {@code Keysmith.builder(...).countersCollection} says otherwise. */
    public static final String COUNTERS = "keysmith_counters";

    private static final String ROUTE = "MongoDB";

    private MongoDemo() {
    }

    /**
     * Stores entities of every strategy in {@code database}, adds what it reads back to {@code stored}, and returns
     * the counter documents of the sequences.
     */
    public static Table run(MongoDatabase database, Table stored) {
        // One Keysmith per database and application, like one MongoClient: it holds the ranges the sequences
        // reserved. Closing it stops their background prefetch; the client stays open.
        Keysmith keysmith = Keysmith.create(database);
        try (keysmith) {
            Repository<Person, String> people = keysmith.repository(Person.class);
            Person ada = people.insert(new Person("Ada"));   // ada.id is now 24 hex digits
            people.insert(new Person("Grace"));

            // A record cannot be changed: insert returns a new Invoice that carries its number.
            Repository<Invoice, Long> invoices = keysmith.repository(Invoice.class);
            Invoice first = invoices.insert(new Invoice(null, new BigDecimal("120.00")));
            invoices.insert(new Invoice(null, new BigDecimal("80.50")));

            // No repository needed: the codec of a collection from keysmith assigns the id on insertOne.
            MongoCollection<Session> sessions = keysmith.collection(Session.class);
            sessions.insertOne(new Session(ada.name));

            keysmith.repository(Upload.class).insert(new Upload("invoice-" + first.number() + ".pdf"));
            keysmith.repository(Account.class).insert(new Account("ada@example.com"));

            // What the database holds, read back through the same codecs.
            for (Person person : sortedById(keysmith.collection(Person.class))) {
                stored.row(ROUTE, "@GeneratedObjectId", "Person", person.id,
                        "created " + ObjectIds.creationTime(ObjectIds.parse(person.id)));
            }
            for (Invoice invoice : sortedById(keysmith.collection(Invoice.class))) {
                stored.row(ROUTE, "@Sequence(batch = 100)", "Invoice", invoice.number(),
                        "number " + invoice.number() + " of sequence \"invoices\"");
            }
            for (Session session : sortedById(sessions)) {
                stored.row(ROUTE, "@UuidId(TIME_ORDERED)", "Session", session.id,
                        "created " + Uuids.creationTime(session.id));
            }
            for (Upload upload : sortedById(keysmith.collection(Upload.class))) {
                stored.row(ROUTE, "@UuidId(RANDOM)", "Upload", upload.id, "nothing: 122 random bits");
            }
            for (Account account : sortedById(keysmith.collection(Account.class))) {
                stored.row(ROUTE, "@RandomId(digits = 12)", "Account", account.number, "nothing: a random number");
            }
        }
        return counters(database);
    }

    private static <T> Iterable<T> sortedById(MongoCollection<T> collection) {
        return collection.find().sort(ascending("_id"));
    }

    private static Table counters(MongoDatabase database) {
        Table counters = new Table("_ID", "NEXT");
        for (Document counter : database.getCollection(COUNTERS).find().sort(ascending("_id"))) {
            counters.row(counter.get("_id"), counter.get("next"));
        }
        return counters;
    }
}
