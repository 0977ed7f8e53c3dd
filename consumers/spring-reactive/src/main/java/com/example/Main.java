package com.example;

import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import java.math.BigDecimal;
import java.net.InetSocketAddress;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.bson.BsonBinarySubType;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.SpringBootVersion;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.data.mongodb.core.ReactiveMongoOperations;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * A reactive Spring Boot application: saves an entity of every strategy through its {@code ReactiveMongoRepository}
 * (on an embedded server), and a burst of invoices at once on Reactor's parallel threads, reads them back, and checks
 * their ids.
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
        Invoice first = invoices.save(new Invoice(null, "Ada", new BigDecimal("12.50"))).block();
        Invoice second = invoices.save(new Invoice(null, "Ada", new BigDecimal("99.00"))).block();
        check(first.number() != null && second.number() == first.number() + 1,
                "Invoice numbers follow each other: " + first.number() + ", " + second.number());
        check(second.equals(invoices.findById(second.number()).block()), "Invoice read back equal");
        System.out.println("Invoices " + first.number() + " and " + second.number() + " saved");

        int burst = 200;
        List<Long> numbers = Flux.range(0, burst)
                .flatMap(i -> invoices.save(new Invoice(null, "customer " + i, BigDecimal.ONE))
                        .subscribeOn(Schedulers.parallel()), 32)
                .map(Invoice::number)
                .collectList()
                .block();
        Set<Long> distinct = new HashSet<>(numbers);
        long highest = numbers.stream().mapToLong(Long::longValue).max().orElseThrow();
        check(distinct.size() == burst && highest == second.number() + burst,
                burst + " invoices saved at once got " + distinct.size() + " distinct numbers up to " + highest);

        Customers customers = context.getBean(Customers.class);
        Customer ada = customers.save(new Customer(null, "Ada")).block();
        check(ada.id() != null && ada.id().version() == 7, "Customer id is a UUID v7: " + ada.id());
        check(ada.equals(customers.findById(ada.id()).block()), "Customer read back equal");

        Comments comments = context.getBean(Comments.class);
        Comment comment = comments.save(new Comment("paid on time")).block();
        check(comment.getId() != null, "Comment got an ObjectId");
        check("paid on time".equals(comments.findById(comment.getId()).block().getText()), "Comment read back");

        GiftCards giftCards = context.getBean(GiftCards.class);
        GiftCard card = giftCards.save(new GiftCard(null, 5_000)).block();
        check(card.number() != null && String.valueOf(card.number()).length() == 16,
                "GiftCard number has 16 digits: " + card.number());
        check(card.equals(giftCards.findById(card.number()).block()), "GiftCard read back equal");

        ReactiveMongoOperations mongo = context.getBean(ReactiveMongoOperations.class);
        BsonValue customerId = storedId(mongo, "customers");
        check(customerId.isBinary() && customerId.asBinary().getType() == BsonBinarySubType.UUID_STANDARD.getValue(),
                "Customer _id stored as binary subtype 4");
        check(storedId(mongo, "comments").isObjectId(), "Comment _id stored as an ObjectId");
        check(storedId(mongo, "giftCards").isInt64(), "GiftCard _id stored as a 64-bit integer");
        check(storedId(mongo, "invoices").isInt64(), "Invoice _id stored as a 64-bit integer");

        System.out.println("Spring reactive example: Invoices " + first.number() + " and " + second.number()
                + ", then " + burst + " at once up to " + highest + ", Customer " + ada.id() + ", Comment "
                + comment.getId() + ", GiftCard " + card.number() + ": saved and read back (Spring Boot "
                + SpringBootVersion.getVersion() + ")");
    }

    private static BsonValue storedId(ReactiveMongoOperations mongo, String collection) {
        return mongo.getCollection(collection)
                .flatMap(documents -> Mono.from(documents.withDocumentClass(BsonDocument.class).find().first()))
                .block()
                .get("_id");
    }

    private static void check(boolean condition, String what) {
        if (!condition) {
            throw new IllegalStateException("failed: " + what);
        }
    }
}
