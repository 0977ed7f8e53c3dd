package dev.keysmith.samples.springboot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keysmith.mongodb.testing.TestMongo;
import java.math.BigDecimal;
import org.bson.BsonDocument;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.data.mongo.DataMongoTest;
import org.springframework.data.mongodb.core.MongoTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The repositories tested as most applications test theirs, in a {@code @DataMongoTest} slice: keysmith's
 * auto-configuration is part of the slice, so every entity gets its id there as in the application.
 */
@DataMongoTest
class RepositorySliceTest {

    private static final TestMongo MONGO = TestMongo.start();

    @DynamicPropertySource
    static void mongo(DynamicPropertyRegistry registry) {
        String uri = MONGO.uri() + "/" + MONGO.freshDatabaseName();
        registry.add("spring.data.mongodb.uri", () -> uri);
    }

    @AfterAll
    static void stopServer() {
        MONGO.close();
    }

    @Autowired
    Invoices invoices;
    @Autowired
    Customers customers;
    @Autowired
    Comments comments;
    @Autowired
    GiftCards giftCards;
    @Autowired
    MongoTemplate template;

    @Test
    void everyRepositoryGetsKeysmithsIdsInTheSlice() {
        long highest = invoices.findAll().stream().mapToLong(Invoice::number).max().orElse(0);

        Invoice invoice = invoices.save(new Invoice(null, "Grace", new BigDecimal("1.00")));
        Customer customer = customers.save(new Customer(null, "Grace"));
        Comment comment = comments.save(new Comment("slice"));
        GiftCard card = giftCards.save(new GiftCard(null, 100));

        assertThat(invoice.number()).as("the next number of the invoices sequence").isEqualTo(highest + 1);
        assertThat(template.getDb().getCollection("keysmith_counters", BsonDocument.class).countDocuments())
                .as("the invoices counter").isOne();
        assertThat(customer.id().version()).isEqualTo(7);
        assertThat(comment.getId()).matches("[0-9a-f]{24}");
        assertThat(card.number()).isBetween(1_000_000_000_000_000L, 9_999_999_999_999_999L);
        assertThat(invoices.findById(invoice.number())).contains(invoice);
    }
}
