package dev.keysmith.samples.ogm;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.Filters;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import dev.keysmith.samples.Table;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.persistence.EntityManager;
import javax.persistence.EntityManagerFactory;
import javax.persistence.Persistence;
import org.bson.BsonBinary;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import org.bson.types.ObjectId;

/**
 * The demo's Hibernate OGM route: starts an embedded MongoDB server, persists entities of every strategy through
 * OGM, and prints each id as Java holds it, as the document stores it, and whether {@code find} reads it back.
 * Runs in a JVM of its own with {@code --add-opens java.base/java.lang=ALL-UNNAMED}; from the repository's root,
 * {@code mvn -Pdemo -pl samples,samples/hibernate-ogm -am package} runs it after the main demo.
 *
 * <p>Not thread-safe: confine to one thread.
 */
public final class OgmDemo {

    private static final String ROUTE = "Hibernate OGM";
    private static final String DATABASE = "demo";
    /** Hibernate and OGM log through JBoss Logging to java.util.logging at INFO; the demo prints its own table. */
    private static final Logger HIBERNATE_LOG = Logger.getLogger("org.hibernate");
    /** OGM has no JDBC connection, and ORM 5.3 warns (HHH000342) that it cannot read JDBC metadata from it. */
    private static final Logger JDBC_METADATA_LOG =
            Logger.getLogger("org.hibernate.engine.jdbc.env.internal.JdbcEnvironmentInitiator");

    private OgmDemo() {
    }

    public static void main(String[] args) {
        run(System.out);
    }

    /** Runs the demo, printing to {@code out}; the server, client and factory it opens are closed on return. */
    public static void run(PrintStream out) {
        HIBERNATE_LOG.setLevel(Level.WARNING);
        JDBC_METADATA_LOG.setLevel(Level.SEVERE);
        Table stored = new Table("ROUTE", "STRATEGY", "ENTITY", "ID IN JAVA", "_id IN THE DOCUMENT", "FOUND BY ID");
        Table counters = new Table("_ID", "NEXT");
        MongoServer server = new MongoServer(new MemoryBackend());
        try {
            server.bind(new InetSocketAddress("127.0.0.1", 0));
            EntityManagerFactory factory = Persistence.createEntityManagerFactory("demo", Map.of(
                    "hibernate.ogm.datastore.host", "127.0.0.1:" + server.getLocalAddress().getPort(),
                    "hibernate.ogm.datastore.database", DATABASE));
            try (MongoClient client = MongoClients.create(server.getConnectionString())) {
                MongoDatabase database = client.getDatabase(DATABASE);
                Event event = new Event("Ada signed in");
                List<Invoice> invoices = List.of(new Invoice(new BigDecimal("120.00")),
                        new Invoice(new BigDecimal("80.50")));
                Session login = new Session("ada");
                Upload upload = new Upload("invoice-1.pdf");
                Account account = new Account("ada@example.com");
                EntityManager em = factory.createEntityManager();
                em.getTransaction().begin();
                em.persist(event);
                invoices.forEach(em::persist);
                em.persist(login);
                em.persist(upload);
                em.persist(account);
                em.getTransaction().commit();
                em.close();

                row(stored, factory, database, "@GeneratedObjectId", Event.class, event.id);
                for (Invoice invoice : invoices) {
                    row(stored, factory, database, "@Sequence(batch = 100)", Invoice.class, invoice.number);
                }
                row(stored, factory, database, "@UuidId(TIME_ORDERED)", Session.class, login.id);
                row(stored, factory, database, "@UuidId(RANDOM)", Upload.class, upload.id);
                row(stored, factory, database, "@RandomId(digits = 12)", Account.class, account.number);
                for (BsonDocument counter : database.getCollection("keysmith_counters", BsonDocument.class).find()) {
                    counters.row(counter.get("_id").asString().getValue(), describe(counter.get("next")));
                }
            } finally {
                factory.close();
            }
        } finally {
            server.shutdown();
        }

        out.println("keysmith demo, Hibernate OGM route: the same annotations on JPA entities that OGM stores in"
                + " MongoDB (OGM 5.4.2, archived upstream; an embedded server on 127.0.0.1)");
        out.println();
        stored.print(out);
        out.println();
        out.println("MongoDB collection keysmith_counters (the plain-driver route's format);"
                + " next = how many numbers were reserved so far:");
        counters.print(out);
    }

    /** Adds the row of the entity with id {@code id}: its raw {@code _id} and whether OGM finds it by that id. */
    private static void row(Table stored, EntityManagerFactory factory, MongoDatabase database, String strategy,
            Class<?> entity, Object id) {
        BsonDocument document = database.getCollection(entity.getSimpleName(), BsonDocument.class)
                .find(Filters.eq("_id", rawId(id))).first();
        EntityManager em = factory.createEntityManager();
        boolean found;
        try {
            found = em.find(entity, id) != null;
        } finally {
            em.close();
        }
        stored.row(ROUTE, strategy, entity.getSimpleName(), id,
                document == null ? "(no document)" : describe(document.get("_id")), found ? "yes" : "no");
    }

    /** The value to look a document up by, as the BSON type keysmith stores for {@code id}. */
    private static Object rawId(Object id) {
        if (id instanceof UUID uuid) {
            return new BsonBinary(uuid);
        }
        if (id instanceof String text) {
            return ObjectId.isValid(text) ? new ObjectId(text) : new BsonBinary(UUID.fromString(text));
        }
        return id;
    }

    /** {@code value} as the mongo shell shows its type. */
    private static String describe(BsonValue value) {
        return switch (value.getBsonType()) {
            case OBJECT_ID -> "ObjectId(\"" + value.asObjectId().getValue().toHexString() + "\")";
            case INT64 -> "NumberLong(" + value.asInt64().getValue() + ")";
            case INT32 -> "NumberInt(" + value.asInt32().getValue() + ")";
            case BINARY -> "BinData(" + value.asBinary().getType() + ", " + value.asBinary().getData().length
                    + " bytes)";
            default -> value.getBsonType() + " " + value;
        };
    }
}
