package dev.keysmith.mongodb.reactive;

import static org.assertj.core.api.Assertions.assertThat;

import com.mongodb.client.result.InsertOneResult;
import com.mongodb.reactivestreams.client.MongoClient;
import com.mongodb.reactivestreams.client.MongoClients;
import com.mongodb.reactivestreams.client.MongoCollection;
import com.mongodb.reactivestreams.client.MongoDatabase;
import dev.keysmith.mongodb.reactive.model.Invoice;
import dev.keysmith.mongodb.testing.TestMongo;
import dev.keysmith.runtime.CounterStatus;
import dev.keysmith.runtime.SequenceAllocator;
import dev.keysmith.runtime.SequenceSpec;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.LongStream;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The Java blocks of {@code docs/reactive.md} as the guide writes them (the samples' {@code DocsSnippetsTest} finds
 * them here), run against the test server: what the guide says they do, they do.
 */
class ReactiveGuideTest {

    private static final Duration WAIT = Duration.ofSeconds(30);

    @Test
    void theGuidesBlocksDoWhatItSays() throws Exception {
        try (TestMongo server = TestMongo.start()) {
            String uri = server.uri();
            BigDecimal total = new BigDecimal("12.50");
            MongoClient client = MongoClients.create(uri);                 // com.mongodb.reactivestreams.client
            try (client) {
                try (ReactiveKeysmith keysmith = ReactiveKeysmith.create(client.getDatabase("shop"))) {
                    ReactiveRepository<Invoice, Long> invoices = keysmith.repository(Invoice.class);
                    Mono<Invoice> saved = invoices.insert(new Invoice(null, total));   // a @Sequence id, awaited
                    Flux<Invoice> all = invoices.findAll();

                    Invoice first = saved.block(WAIT);
                    assertThat(first.number()).isEqualTo(1L);
                    assertThat(all.collectList().block(WAIT)).containsExactly(first);

                    // a @Sequence entity through the driver's collection: the id first, without blocking
                    Invoice invoice = new Invoice(null, new BigDecimal("3.00"));
                    MongoCollection<Invoice> collection = keysmith.collection(Invoice.class);
                    Mono<InsertOneResult> inserted = keysmith.withId(invoice).flatMap(withId -> Mono.from(collection.insertOne(withId)));
                    assertThat(inserted.block(WAIT).getInsertedId().asInt64().getValue()).isEqualTo(2L);
                } finally {
                    Mono.from(client.getDatabase("shop").drop()).block(WAIT);
                }
            }
        }
    }

    @Test
    void theCountersAreCheckedAndResyncedAsTheGuideShows() throws Exception {
        try (TestMongo server = TestMongo.start();
                MongoClient client = MongoClients.create(server.uri())) {
            MongoDatabase database = client.getDatabase(server.freshDatabaseName());
            try (ReactiveKeysmith keysmith = ReactiveKeysmith.create(database)) {
                // imported documents: ids 1 to 40, which the counter never handed out
                MongoCollection<Document> raw = database.getCollection("invoices");
                Mono.from(raw.insertMany(LongStream.rangeClosed(1, 40).mapToObj(id -> new Document("_id", id)
                        .append("total", "1.00")).toList())).block(WAIT);

                keysmith.checkCounters(Invoice.class)          // Mono<List<CounterStatus>>: read only
                        .filter(statuses -> statuses.stream().anyMatch(CounterStatus::behind))
                        .flatMap(behind -> keysmith.resync(Invoice.class))   // $max to the largest _id, never down
                        .subscribe(statuses -> statuses.forEach(System.out::println));

                long deadline = System.nanoTime() + WAIT.toNanos(); // the subscription runs on the driver's threads
                while (keysmith.checkCounters(Invoice.class).block(WAIT).stream().anyMatch(CounterStatus::behind)) {
                    assertThat(System.nanoTime()).as("resynced within %s", WAIT).isLessThan(deadline);
                    Thread.sleep(10);
                }
                Invoice next = keysmith.repository(Invoice.class).insert(new Invoice(null, BigDecimal.ONE)).block(WAIT);
                assertThat(next.number()).isEqualTo(41L);
            }
        }
    }

    @Test
    void nextAsyncIsCompleteAtOnceWhileTheRangeHasIds() throws Exception {
        try (TestMongo server = TestMongo.start();
                MongoClient client = MongoClients.create(server.uri());
                ReactiveKeysmith keysmith = ReactiveKeysmith.create(client.getDatabase(server.freshDatabaseName()))) {
            SequenceAllocator invoices = keysmith.ids().sequence(SequenceSpec.of("invoices").withBatch(100));
            CompletableFuture<Long> number = invoices.nextAsync();      // already complete while the range has ids
            assertThat(number.get(30, TimeUnit.SECONDS)).isEqualTo(1L);

            CompletableFuture<Long> next = invoices.nextAsync();
            assertThat(next).as("the range reserved for the first id still has 99").isCompleted();
            assertThat(next.join()).isEqualTo(2L);

            long id = invoices.tryNext();                               // no future: NONE_READY if none in hand
            Mono<Long> third = id != SequenceAllocator.NONE_READY ? Mono.just(id) : Mono.fromFuture(invoices::nextAsync);
            assertThat(third.block()).isEqualTo(3L);
        }
    }
}
