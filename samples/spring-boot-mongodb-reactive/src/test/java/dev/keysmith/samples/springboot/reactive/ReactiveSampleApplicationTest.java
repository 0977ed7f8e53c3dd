package dev.keysmith.samples.springboot.reactive;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keysmith.mongodb.testing.TestMongo;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import org.bson.BsonBinarySubType;
import org.bson.BsonDocument;
import org.bson.BsonType;
import org.bson.BsonValue;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.SpringBootVersion;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.data.mongodb.core.ReactiveMongoOperations;
import reactor.core.publisher.Flux;
import reactor.core.scheduler.Schedulers;
import reactor.test.StepVerifier;

/**
 * The sample runs as it is on its Spring Boot line, its entities got the ids and BSON types its comments promise, and
 * saves made at once on Reactor's non-blocking threads get distinct, gap-free sequence numbers.
 */
class ReactiveSampleApplicationTest {

    private static final TestMongo MONGO = TestMongo.start();

    @BeforeAll
    static void bootLine() {
        assertThat(SpringBootVersion.getVersion()).startsWith(System.getProperty("keysmith.sample.boot", ""));
    }

    @AfterAll
    static void stopServer() {
        MONGO.close();
    }

    @Test
    void theDemoSavesEveryKindOfEntityWithItsId() {
        try (ConfigurableApplicationContext context = start(MONGO.freshDatabaseName())) {
            StepVerifier.create(context.getBean(Invoices.class).findAll().map(Invoice::number))
                    .recordWith(ArrayList::new)
                    .expectNextCount(2)
                    .consumeRecordedWith(numbers -> assertThat(numbers).containsExactlyInAnyOrder(1L, 2L))
                    .verifyComplete();
            assertThat(context.getBean(Customers.class).findAll().collectList().block()).singleElement()
                    .satisfies(customer -> assertThat(customer.id().version()).isEqualTo(7));
            assertThat(context.getBean(Comments.class).findAll().collectList().block()).singleElement()
                    .satisfies(comment -> assertThat(comment.getId()).matches("[0-9a-f]{24}"));
            assertThat(context.getBean(GiftCards.class).findAll().collectList().block()).singleElement()
                    .satisfies(card -> assertThat(card.number()).isBetween(1_000_000_000_000_000L,
                            9_999_999_999_999_999L));

            ReactiveMongoOperations mongo = context.getBean(ReactiveMongoOperations.class);
            assertThat(storedId(mongo, "customers").asBinary().getType())
                    .isEqualTo(BsonBinarySubType.UUID_STANDARD.getValue());
            assertThat(storedId(mongo, "comments").getBsonType()).isEqualTo(BsonType.OBJECT_ID);
            assertThat(storedId(mongo, "giftCards").getBsonType()).isEqualTo(BsonType.INT64);
            assertThat(storedId(mongo, "invoices").getBsonType()).isEqualTo(BsonType.INT64);
            assertThat(documents(mongo, "keysmith_counters")).singleElement()
                    .satisfies(counter -> assertThat(counter.getString("_id").getValue()).isEqualTo("invoices"));
        }
    }

    @Test
    void savesMadeAtOnceOnNonBlockingThreadsGetDistinctNumbersWithoutGaps() {
        try (ConfigurableApplicationContext context = start(MONGO.freshDatabaseName())) {
            Invoices invoices = context.getBean(Invoices.class);
            int saves = 240; // almost five ranges of 50, each reserved while the one before is in use

            List<Long> numbers = Flux.range(0, saves)
                    .flatMap(i -> invoices.save(new Invoice(null, "customer " + i, BigDecimal.ONE))
                            .subscribeOn(Schedulers.parallel()), 32)
                    .map(Invoice::number)
                    .collectList()
                    .block();

            // the demo took 1 and 2
            assertThat(numbers).doesNotHaveDuplicates().hasSize(saves);
            assertThat(Set.copyOf(numbers)).isEqualTo(LongStream.rangeClosed(3, saves + 2).boxed()
                    .collect(Collectors.toSet()));
            assertThat(invoices.count().block()).isEqualTo(saves + 2);
        }
    }

    @Test
    void mainRunsOnItsOwnEmbeddedServerWhenNoUriIsGiven() {
        PrintStream console = System.out;
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
        try {
            ReactiveSampleApplication.main(new String[0]);
        } finally {
            System.setOut(console);
        }
        assertThat(printed.toString(StandardCharsets.UTF_8)).contains("invoices 1, 2").containsPattern(
                "customer [0-9a-f-]{36}").containsPattern("comment  [0-9a-f]{24}").containsPattern(
                "gift card [0-9]{16}");
    }

    /** The sample on {@code database} of the test's server, with both Boot lines' name of the URI property. */
    private static ConfigurableApplicationContext start(String database) {
        String uri = MONGO.uri() + "/" + database;
        return SpringApplication.run(ReactiveSampleApplication.class, "--spring.data.mongodb.uri=" + uri,
                "--spring.mongodb.uri=" + uri);
    }

    private static BsonValue storedId(ReactiveMongoOperations mongo, String collection) {
        return documents(mongo, collection).get(0).get("_id");
    }

    private static List<BsonDocument> documents(ReactiveMongoOperations mongo, String collection) {
        return mongo.getCollection(collection)
                .flatMapMany(documents -> documents.withDocumentClass(BsonDocument.class).find())
                .collectList()
                .block();
    }
}
