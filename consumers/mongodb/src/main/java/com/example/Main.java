package com.example;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoDatabase;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import dev.keysmith.mongodb.Keysmith;
import dev.keysmith.mongodb.Repository;
import java.math.BigDecimal;
import java.net.InetSocketAddress;
import java.util.UUID;
import org.bson.BsonBinarySubType;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import org.bson.types.ObjectId;

/** Inserts an entity of every strategy into an embedded MongoDB server, reads each back, and checks it. */
public final class Main {

    public static void main(String[] args) {
        MongoServer server = new MongoServer(new MemoryBackend());
        try {
            server.bind(new InetSocketAddress("127.0.0.1", 0));
            try (MongoClient client = MongoClients.create(server.getConnectionString())) {
                run(client.getDatabase("example"));
            }
        } finally {
            server.shutdown();
        }
    }

    private static void run(MongoDatabase database) {
        try (Keysmith keysmith = Keysmith.create(database)) {
            Repository<Person, String> people = keysmith.repository(Person.class);
            Person ada = people.insert(new Person("Ada"));
            System.out.println("Ada's id: " + ada.id);                  // 24 hex digits, made by keysmith
            check(ObjectId.isValid(ada.id), "Person id is an ObjectId: " + ada.id);
            check("Ada".equals(people.findById(ada.id).orElseThrow().name), "Person read back");
            check(storedId(database, "people").isObjectId(), "Person _id stored as an ObjectId");

            Repository<Invoice, Long> invoices = keysmith.repository(Invoice.class);
            Invoice first = invoices.insert(new Invoice(null, new BigDecimal("120.00")));
            Invoice second = invoices.insert(new Invoice(null, new BigDecimal("80.50")));
            check(first.number() != null && second.number() == first.number() + 1,
                    "Invoice numbers follow each other: " + first.number() + ", " + second.number());
            check(new BigDecimal("80.50").equals(invoices.findById(second.number()).orElseThrow().total()),
                    "Invoice read back");

            Repository<Session, UUID> sessions = keysmith.repository(Session.class);
            Session session = sessions.insert(new Session("ada"));
            check(session.id != null && session.id.version() == 7, "Session id is a UUID v7: " + session.id);
            check("ada".equals(sessions.findById(session.id).orElseThrow().user), "Session read back");
            check(isStandardUuid(storedId(database, "sessions")), "Session _id stored as binary subtype 4");

            Repository<Upload, String> uploads = keysmith.repository(Upload.class);
            Upload upload = uploads.insert(new Upload("invoice-1.pdf"));
            check(UUID.fromString(upload.id).version() == 4, "Upload id is a UUID v4: " + upload.id);
            check("invoice-1.pdf".equals(uploads.findById(upload.id).orElseThrow().fileName), "Upload read back");
            check(isStandardUuid(storedId(database, "uploads")), "Upload _id stored as binary subtype 4");

            Repository<Account, Long> accounts = keysmith.repository(Account.class);
            Account account = accounts.insert(new Account("ada@example.com"));
            check(account.number != null && String.valueOf(account.number).length() == 12,
                    "Account number has 12 digits: " + account.number);
            check("ada@example.com".equals(accounts.findById(account.number).orElseThrow().email),
                    "Account read back");

            System.out.println("MongoDB example: Person " + ada.id + ", Invoices " + first.number() + " and "
                    + second.number() + ", Session " + session.id + ", Upload " + upload.id + ", Account "
                    + account.number + ": stored and read back");
        }
    }

    private static BsonValue storedId(MongoDatabase database, String collection) {
        return database.getCollection(collection, BsonDocument.class).find().first().get("_id");
    }

    private static boolean isStandardUuid(BsonValue id) {
        return id.isBinary() && id.asBinary().getType() == BsonBinarySubType.UUID_STANDARD.getValue();
    }

    private static void check(boolean condition, String what) {
        if (!condition) {
            throw new IllegalStateException("failed: " + what);
        }
    }
}
