package com.example;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.Filters;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import java.net.InetSocketAddress;
import java.util.Map;
import javax.persistence.EntityManager;
import javax.persistence.EntityManagerFactory;
import javax.persistence.Persistence;
import org.bson.BsonBinary;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import org.bson.types.ObjectId;

/**
 * Persists an entity of every strategy through Hibernate OGM into an embedded MongoDB server, reads each back, and
 * checks what the documents hold. Needs {@code --add-opens java.base/java.lang=ALL-UNNAMED}.
 */
public final class Main {

    public static void main(String[] args) {
        MongoServer server = new MongoServer(new MemoryBackend());
        try {
            server.bind(new InetSocketAddress("127.0.0.1", 0));
            EntityManagerFactory factory = Persistence.createEntityManagerFactory("example", Map.of(
                    "hibernate.ogm.datastore.host", "127.0.0.1:" + server.getLocalAddress().getPort(),
                    "hibernate.ogm.datastore.database", "example"));
            try (MongoClient client = MongoClients.create(server.getConnectionString())) {
                run(factory, client.getDatabase("example"));
            } finally {
                factory.close();
            }
        } finally {
            server.shutdown();
        }
    }

    private static void run(EntityManagerFactory factory, MongoDatabase database) {
        Event event = new Event("Ada signed in");
        Invoice first = new Invoice("ACME");
        Invoice second = new Invoice("Initech");
        Session session = new Session("ada");
        Account account = new Account("ada@example.com");
        EntityManager writer = factory.createEntityManager();
        writer.getTransaction().begin();
        writer.persist(event);
        writer.persist(first);
        writer.persist(second);
        writer.persist(session);
        writer.persist(account);
        writer.getTransaction().commit();
        writer.close();

        check(ObjectId.isValid(event.id), "Event id is an ObjectId: " + event.id);
        check(storedId(database, "Event", new ObjectId(event.id)).isObjectId(), "Event _id stored as an ObjectId");
        check(first.number == 1 && second.number == 2, "Invoice numbers 1 and 2: " + first.number + ", "
                + second.number);
        check(storedId(database, "Invoice", second.number).isInt64(), "Invoice _id stored as a NumberLong");
        check(session.id.version() == 7, "Session id is a UUID v7: " + session.id);
        BsonValue sessionId = storedId(database, "Session", new BsonBinary(session.id));
        check(sessionId.isBinary() && sessionId.asBinary().getType() == 4, "Session _id stored as binary subtype 4");
        check(String.valueOf(account.number).length() == 12, "Account number has 12 digits: " + account.number);
        BsonDocument counter = database.getCollection("keysmith_counters", BsonDocument.class)
                .find(Filters.eq("_id", "Invoice")).first();
        check(counter != null && counter.get("next").isInt64(), "counter document {_id: 'Invoice', next: NumberLong}");

        EntityManager reader = factory.createEntityManager();
        check("Ada signed in".equals(reader.find(Event.class, event.id).description), "Event read back");
        check("Initech".equals(reader.find(Invoice.class, second.number).customer), "Invoice read back");
        check("ada".equals(reader.find(Session.class, session.id).userName), "Session read back");
        check("ada@example.com".equals(reader.find(Account.class, account.number).email), "Account read back");
        reader.close();

        System.out.println("Hibernate OGM example: Event " + event.id + ", Invoices " + first.number + " and "
                + second.number + ", Session " + session.id + ", Account " + account.number);
    }

    private static BsonValue storedId(MongoDatabase database, String collection, Object id) {
        BsonDocument document = database.getCollection(collection, BsonDocument.class)
                .find(Filters.eq("_id", id)).first();
        check(document != null, "a document with _id " + id + " in " + collection);
        return document.get("_id");
    }

    private static void check(boolean condition, String what) {
        if (!condition) {
            throw new IllegalStateException("failed: " + what);
        }
    }
}
