package dev.keysmith.samples.springboot;

import static org.assertj.core.api.Assertions.assertThat;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoDatabase;
import dev.keysmith.mongodb.testing.TestMongo;
import java.util.Comparator;
import java.util.List;
import org.bson.BsonBinarySubType;
import org.bson.BsonDocument;
import org.bson.BsonType;
import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringApplication;
import org.springframework.context.ConfigurableApplicationContext;

/** The sample runs as it is, and its entities got the ids and BSON types its comments promise. */
class SampleApplicationTest {

    @Test
    void theDemoSavesEveryKindOfEntityWithItsId() {
        try (TestMongo mongo = TestMongo.start()) {
            String database = mongo.freshDatabaseName();
            try (ConfigurableApplicationContext context = SpringApplication.run(SampleApplication.class,
                    "--spring.data.mongodb.uri=" + mongo.uri() + "/" + database)) {
                List<Invoice> invoices = context.getBean(Invoices.class).findAll();
                assertThat(invoices).extracting(Invoice::number).containsExactlyInAnyOrder(1L, 2L);
                assertThat(context.getBean(Customers.class).findAll()).singleElement()
                        .satisfies(customer -> assertThat(customer.id().version()).isEqualTo(7));
                assertThat(context.getBean(Comments.class).findAll()).singleElement()
                        .satisfies(comment -> assertThat(comment.getId()).matches("[0-9a-f]{24}"));
                assertThat(context.getBean(GiftCards.class).findAll()).singleElement()
                        .satisfies(card -> assertThat(card.number()).isBetween(1_000_000_000_000_000L,
                                9_999_999_999_999_999L));
            }
            MongoClient client = mongo.newClient();
            MongoDatabase raw = client.getDatabase(database);
            assertThat(firstId(raw, "customers").asBinary().getType())
                    .isEqualTo(BsonBinarySubType.UUID_STANDARD.getValue());
            assertThat(firstId(raw, "comments").getBsonType()).isEqualTo(BsonType.OBJECT_ID);
            assertThat(firstId(raw, "giftCards").getBsonType()).isEqualTo(BsonType.INT64);
            assertThat(raw.getCollection("keysmith_counters", BsonDocument.class).find().into(new java.util.ArrayList<>()))
                    .singleElement().satisfies(counter -> assertThat(counter.getString("_id").getValue())
                            .isEqualTo("invoices"));
        }
    }

    @Test
    void mainRunsOnItsOwnEmbeddedServerWhenNoUriIsGiven() {
        java.io.PrintStream console = System.out;
        java.io.ByteArrayOutputStream printed = new java.io.ByteArrayOutputStream();
        System.setOut(new java.io.PrintStream(printed, true, java.nio.charset.StandardCharsets.UTF_8));
        try {
            SampleApplication.main(new String[0]);
        } finally {
            System.setOut(console);
        }
        assertThat(printed.toString(java.nio.charset.StandardCharsets.UTF_8)).contains("invoices 1, 2");
    }

    private static org.bson.BsonValue firstId(MongoDatabase database, String collection) {
        return database.getCollection(collection, BsonDocument.class).find().into(new java.util.ArrayList<>())
                .stream().min(Comparator.comparing(BsonDocument::toJson)).orElseThrow().get("_id");
    }
}
