package com.example;

import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import java.math.BigDecimal;
import java.net.InetSocketAddress;
import org.bson.BsonBinarySubType;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.SpringBootVersion;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.data.mongodb.core.MongoOperations;

/**
 * A Spring Boot application on Spring Data MongoDB: saves an entity of every strategy through its
 * {@code MongoRepository} (on an embedded server), reads them back, and checks their ids.
 */
@SpringBootApplication
public class Main {

    public static void main(String[] args) {
        MongoServer server = new MongoServer(new MemoryBackend());
        try {
            server.bind(new InetSocketAddress("127.0.0.1", 0));
            try (ConfigurableApplicationContext context = SpringApplication.run(Main.class,
                    "--spring.mongodb.uri=" + server.getConnectionString() + "/example")) {
                run(context);
            }
        } finally {
            server.shutdownNow();
        }
    }

    private static void run(ConfigurableApplicationContext context) {
        Invoices invoices = context.getBean(Invoices.class);
        Invoice first = invoices.save(new Invoice(null, "Ada", new BigDecimal("12.50")));
        Invoice second = invoices.save(new Invoice(null, "Ada", new BigDecimal("99.00")));
        check(first.number() == 1 && second.number() == 2,
                "Invoice numbers 1 and 2: " + first.number() + ", " + second.number());
        check(second.equals(invoices.findById(second.number()).orElseThrow()), "Invoice read back equal");
        System.out.println("Invoices " + first.number() + " and " + second.number() + " saved");

        Customers customers = context.getBean(Customers.class);
        Customer ada = customers.save(new Customer(null, "Ada"));
        check(ada.id() != null && ada.id().version() == 7, "Customer id is a UUID v7: " + ada.id());
        check(ada.equals(customers.findById(ada.id()).orElseThrow()), "Customer read back equal");

        Comments comments = context.getBean(Comments.class);
        Comment comment = comments.save(new Comment("paid on time"));
        check(comment.getId() != null, "Comment got an id");
        check("paid on time".equals(comments.findById(comment.getId()).orElseThrow().getText()), "Comment read back");

        GiftCards giftCards = context.getBean(GiftCards.class);
        GiftCard card = giftCards.save(new GiftCard(null, 5_000));
        check(card.number() != null && String.valueOf(card.number()).length() == 16,
                "GiftCard number has 16 digits: " + card.number());
        check(card.equals(giftCards.findById(card.number()).orElseThrow()), "GiftCard read back equal");

        MongoOperations mongo = context.getBean(MongoOperations.class);
        BsonValue customerId = storedId(mongo, "customers");
        check(customerId.isBinary() && customerId.asBinary().getType() == BsonBinarySubType.UUID_STANDARD.getValue(),
                "Customer _id stored as binary subtype 4");
        check(storedId(mongo, "comments").isObjectId(), "Comment _id stored as an ObjectId");
        check(storedId(mongo, "giftCards").isInt64(), "GiftCard _id stored as a 64-bit integer");
        check(storedId(mongo, "invoices").isInt64(), "Invoice _id stored as a 64-bit integer");

        System.out.println("Spring example: Invoices " + first.number() + " and " + second.number() + ", Customer "
                + ada.id() + ", Comment " + comment.getId() + ", GiftCard " + card.number()
                + ": saved and read back (Spring Boot " + SpringBootVersion.getVersion() + ")");
    }

    private static BsonValue storedId(MongoOperations mongo, String collection) {
        return mongo.getCollection(collection).withDocumentClass(BsonDocument.class).find().first().get("_id");
    }

    private static void check(boolean condition, String what) {
        if (!condition) {
            throw new IllegalStateException("failed: " + what);
        }
    }
}
