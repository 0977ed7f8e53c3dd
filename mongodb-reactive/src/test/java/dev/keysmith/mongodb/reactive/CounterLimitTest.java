package dev.keysmith.mongodb.reactive;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.client.MongoClients;
import com.mongodb.client.model.UpdateOptions;
import com.mongodb.client.model.Updates;
import com.mongodb.reactivestreams.client.MongoClient;
import dev.keysmith.runtime.IdSpaceExhaustedException;
import dev.keysmith.runtime.SequenceAllocator;
import dev.keysmith.runtime.SequenceSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.bson.BsonDocument;
import org.bson.BsonInt64;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The counter limit on the non-blocking way in ({@link SequenceAllocator#nextAsync()} over
 * {@link ReactiveMongoCounterStore}), as the blocking way honours it: the bound is in the filter of the
 * {@code findOneAndUpdate}, the last ids are handed out, and no counter is ever written past {@code Long.MAX_VALUE}
 * or the last id of its stripe, whatever the server's arithmetic (the embedded server wraps an overflowing
 * {@code $inc}).
 */
@Timeout(120)
class CounterLimitTest {

    private ReactiveMongo mongo;
    private com.mongodb.client.MongoClient sync;
    private ReactiveMongoCounterStore store;
    private String databaseName;

    @BeforeEach
    void start() {
        mongo = ReactiveMongo.start();
        databaseName = mongo.server().freshDatabaseName();
        MongoClient client = mongo.newClient();
        store = ReactiveMongoCounterStore.create(client.getDatabase(databaseName));
        sync = MongoClients.create(mongo.server().uri());
    }

    @AfterEach
    void stop() {
        sync.close();
        mongo.close();
    }

    @Test
    void nextAsyncOnACounterFiveBelowTheLargestLongHandsOutTheLastFiveIdsAndNeverWritesPastIt() throws Exception {
        setCounter("invoices", Long.MAX_VALUE - 5);

        try (SequenceAllocator invoices = SequenceAllocator.openAsync(SequenceSpec.of("invoices").withBatch(10),
                store)) {
            List<Long> ids = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                ids.add(invoices.nextAsync().get(30, TimeUnit.SECONDS));
            }
            assertThatThrownBy(() -> invoices.nextAsync().get(30, TimeUnit.SECONDS))
                    .isInstanceOf(ExecutionException.class)
                    .cause().isInstanceOf(IdSpaceExhaustedException.class)
                    .hasMessageContaining("sequence 'invoices'")
                    .hasMessageContaining("every id");

            assertThat(ids).containsExactly(Long.MAX_VALUE - 4, Long.MAX_VALUE - 3, Long.MAX_VALUE - 2,
                    Long.MAX_VALUE - 1, Long.MAX_VALUE);
        }
        assertThat(counter("invoices")).isEqualTo(Long.MAX_VALUE);
    }

    @Test
    void aStripeNearItsLastIdHandsOutWhatIsLeftThroughNextAsync() throws Exception {
        setCounter("receipts#0", 330); // [1, 333]: ids 331..333 are left
        setCounter("receipts#1", 333);
        setCounter("receipts#2", 333);

        try (SequenceAllocator receipts = SequenceAllocator.openAsync(SequenceSpec.of("receipts").withBatch(10)
                .withCounters(3, 3), store)) {
            List<Long> ids = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                ids.add(receipts.nextAsync().get(30, TimeUnit.SECONDS));
            }
            assertThatThrownBy(() -> receipts.nextAsync().get(30, TimeUnit.SECONDS))
                    .cause().isInstanceOf(IdSpaceExhaustedException.class);
            assertThat(ids).containsExactly(331L, 332L, 333L);
        }
        assertThat(counter("receipts#0")).isEqualTo(333);
        assertThat(counter("receipts#1")).isEqualTo(333);
        assertThat(counter("receipts#2")).isEqualTo(333);
    }

    @Test
    void theStoreReservesWhatIsLeftAndLeavesACounterAtItsLimitAsItIs() throws Exception {
        setCounter("last", Long.MAX_VALUE - 5);

        assertThat(store.reserve("last", 10, Long.MAX_VALUE).toCompletableFuture().get(30, TimeUnit.SECONDS))
                .isEqualTo(Long.MAX_VALUE - 5);
        assertThat(counter("last")).isEqualTo(Long.MAX_VALUE);
        assertThat(store.reserve("last", 10, Long.MAX_VALUE).toCompletableFuture().get(30, TimeUnit.SECONDS))
                .isEqualTo(Long.MAX_VALUE);
        assertThat(counter("last")).isEqualTo(Long.MAX_VALUE);

        // a fresh counter under a small limit: created with what the limit allows
        assertThat(store.reserve("small", 10, 4).toCompletableFuture().get(30, TimeUnit.SECONDS)).isZero();
        assertThat(counter("small")).isEqualTo(4);
        assertThatThrownBy(() -> store.reserve("small", 10, 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("limit");
    }

    private void setCounter(String counter, long value) {
        sync.getDatabase(databaseName).getCollection("keysmith_counters").updateOne(new Document("_id", counter),
                Updates.set("next", value), new UpdateOptions().upsert(true));
    }

    private long counter(String counter) {
        BsonDocument document = sync.getDatabase(databaseName).getCollection("keysmith_counters", BsonDocument.class)
                .find(new Document("_id", counter)).first();
        assertThat(document).as("counter %s", counter).isNotNull();
        assertThat(document.get("next")).isInstanceOf(BsonInt64.class);
        return document.getInt64("next").getValue();
    }
}
