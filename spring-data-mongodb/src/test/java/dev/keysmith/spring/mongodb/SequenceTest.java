package dev.keysmith.spring.mongodb;

import static org.assertj.core.api.Assertions.assertThat;

import com.mongodb.client.model.Filters;
import dev.keysmith.mongodb.Keysmith;
import dev.keysmith.mongodb.Repository;
import dev.keysmith.mongodb.model.Invoice;
import dev.keysmith.mongodb.model.Status;
import dev.keysmith.runtime.IdGenerators;
import dev.keysmith.runtime.SequenceAllocator;
import dev.keysmith.runtime.SequenceSnapshot;
import dev.keysmith.runtime.testing.Concurrently;
import dev.keysmith.spring.mongodb.app.Order;
import dev.keysmith.spring.mongodb.app.Orders;
import dev.keysmith.spring.mongodb.app.SharedInvoice;
import dev.keysmith.spring.mongodb.app.SharedInvoices;
import dev.keysmith.spring.mongodb.app.TestApplication;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.LongStream;
import org.bson.BsonDocument;
import org.bson.BsonInt64;
import org.bson.BsonString;
import org.junit.jupiter.api.Test;
import org.springframework.context.ConfigurableApplicationContext;

/** Sequences through Spring: batches, the counter document, several application contexts, the plain route. */
class SequenceTest extends SpringMongoTestBase {

    /** Only a guard against a hang: the test waits for the background prefetch to be done, no longer. */
    private static final Duration HANG_GUARD = Duration.ofMinutes(2);

    @Test
    void twentyFiveSavesGiveOneToTwentyFiveWithTheCounterInKeysmithsFormat() {
        ConfigurableApplicationContext context = start(TestApplication.class);
        Orders orders = context.getBean(Orders.class);

        List<Long> ids = new ArrayList<>();
        for (int i = 0; i < 25; i++) {
            ids.add(orders.save(new Order("item " + i)).getId());
        }

        assertThat(ids).containsExactlyElementsOf(LongStream.rangeClosed(1, 25).boxed().toList());
        BsonDocument counter = database.getCollection("keysmith_counters", BsonDocument.class)
                .find(Filters.eq("_id", "orders")).first();
        assertThat(counter).isNotNull();
        assertThat(counter.keySet()).containsExactly("_id", "next");
        assertThat(counter.get("_id")).isEqualTo(new BsonString("orders"));
        assertThat(counter.get("next").isInt64()).as("next is a NumberLong: %s", counter.toJson()).isTrue();
        // three batches of 10 were taken, and the prefetch may be reserving more in the background (how many is the
        // allocator's to decide): whole batches, and once it is done, every value the counter gave is accounted for
        assertThat(counter.getInt64("next").getValue()).isGreaterThanOrEqualTo(30L)
                .satisfies(next -> assertThat(next % 10).isZero());
        SequenceAllocator sequence = context.getBean(IdGenerators.class).sequences().stream()
                .filter(s -> s.spec().name().equals("orders")).findFirst().orElseThrow();
        long deadline = System.nanoTime() + HANG_GUARD.toNanos();
        long next;
        SequenceSnapshot snapshot;
        do {
            snapshot = sequence.snapshot();
            next = database.getCollection("keysmith_counters", BsonDocument.class).find(Filters.eq("_id", "orders"))
                    .first().getInt64("next").getValue();
        } while (next != snapshot.idsHandedOut() + snapshot.idsLeftInRange() + snapshot.idsPrefetched()
                && System.nanoTime() < deadline);
        assertThat(next).as("the counter, against the snapshot %s (waited at most %s for the prefetch)", snapshot,
                HANG_GUARD).isEqualTo(snapshot.idsHandedOut() + snapshot.idsLeftInRange() + snapshot.idsPrefetched());
    }

    @Test
    void twoApplicationContextsOnFourThreadsEachNeverShareAnId() throws InterruptedException {
        List<Orders> contexts = List.of(start(TestApplication.class).getBean(Orders.class),
                start(TestApplication.class).getBean(Orders.class));
        Set<Long> ids = ConcurrentHashMap.newKeySet();
        int threads = 8;
        int savesPerThread = 250;

        Concurrently.run(threads, thread -> {
            Orders orders = contexts.get(thread % 2);
            for (int i = 0; i < savesPerThread; i++) {
                ids.add(orders.save(new Order("t" + thread + "-" + i)).getId());
            }
        });

        assertThat(ids).hasSize(threads * savesPerThread);
        assertThat(database.getCollection("orders").countDocuments()).isEqualTo(threads * savesPerThread);
    }

    @Test
    void aSequenceUsedThroughSpringAndThroughKeysmithRepositoryNeverGivesAnIdTwice() throws InterruptedException {
        ConfigurableApplicationContext context = start(TestApplication.class);
        SharedInvoices springInvoices = context.getBean(SharedInvoices.class);
        Set<Long> ids = ConcurrentHashMap.newKeySet();
        List<Long> all = new ArrayList<>();
        int perThread = 300;

        try (Keysmith keysmith = Keysmith.create(client.getDatabase(databaseName))) {
            Repository<Invoice, Long> plainInvoices = keysmith.repository(Invoice.class);
            Concurrently.run(4, thread -> {
                List<Long> mine = new ArrayList<>(perThread);
                for (int i = 0; i < perThread; i++) {
                    mine.add(thread % 2 == 0
                            ? springInvoices.save(new SharedInvoice(null, BigDecimal.ONE)).number()
                            : plainInvoices.insert(new Invoice(null, BigDecimal.TEN, Instant.now(), Status.ACTIVE,
                                    List.of())).number());
                }
                ids.addAll(mine);
                synchronized (all) {
                    all.addAll(mine);
                }
            });
        }

        assertThat(all).hasSize(4 * perThread);
        assertThat(ids).as("distinct ids").hasSize(4 * perThread);
        assertThat(database.getCollection("keysmith_counters", BsonDocument.class).find().into(new ArrayList<>()))
                .as("one counter, shared").singleElement()
                .satisfies(counter -> assertThat(counter.get("_id")).isEqualTo(new BsonString("invoices")));
    }

    @Test
    void prefetchBatchesOneKeepsEachReservationAtOneBatch() {
        Orders orders = start(TestApplication.class, "keysmith.prefetch-batches=1").getBean(Orders.class);

        for (int i = 0; i < 300; i++) {
            orders.save(new Order("o" + i)); // at this pace a batch of 10 lasts less than 8 ms
        }

        // 30 batches for 300 ids, and at most the one reserved ahead: never a reservation of several batches
        assertThat(database.getCollection("keysmith_counters", BsonDocument.class).find(Filters.eq("_id", "orders"))
                .first()).isNotNull().extracting(counter -> counter.get("next"))
                .isIn(new BsonInt64(300), new BsonInt64(310));
    }

    @Test
    void theCountersCollectionComesFromKeysmithProperties() {
        Orders orders = start(TestApplication.class, "keysmith.counters-collection=app_counters",
                "keysmith.write-concern=w1").getBean(Orders.class);

        orders.save(new Order("x"));

        assertThat(database.getCollection("app_counters", BsonDocument.class).find(Filters.eq("_id", "orders"))
                .first()).isNotNull().extracting(counter -> counter.get("next")).isIn(new BsonInt64(10),
                        new BsonInt64(20));
        assertThat(database.getCollection("keysmith_counters").countDocuments()).isZero();
    }
}
