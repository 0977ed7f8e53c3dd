package dev.keysmith.mongodb.counters;

import static org.assertj.core.api.Assertions.assertThat;

import com.mongodb.MongoException;
import com.mongodb.client.MongoClient;
import dev.keysmith.mongodb.MongoCounterStore;
import dev.keysmith.mongodb.testing.TestMongo;
import dev.keysmith.runtime.IdAllocationException;
import dev.keysmith.runtime.IdGenerators;
import dev.keysmith.runtime.SequenceAllocator;
import dev.keysmith.runtime.SequenceSpec;
import dev.keysmith.runtime.SequenceSnapshot;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The server goes away while sixteen threads take ids, and comes back with its data on the same port.
 *
 * <p>The bound asserted is on blocking, not on scheduling: with callers queued behind one another, each paying a
 * server-selection timeout in turn, the longest call took 16 timeouts; with single flight, a call costs at most the
 * one reservation in flight when it arrived, or one of its own.
 */
class MongoSequenceFaultTest {

    private static final int THREADS = 16;
    private static final Duration SERVER_SELECTION = Duration.ofSeconds(2);

    @TempDir
    Path dataDirectory;

    @Test
    void throughAnOutageNoCallBlocksLongerThanTwiceTheTimeoutIdsFlowAfterTheRestartAndNoneIsHandedOutTwice()
            throws Exception {
        try (TestMongo mongo = TestMongo.startDurable(dataDirectory.resolve("counters.mv"))) {
            mongo.assumeRestartable();
            MongoClient client = mongo.newClient(settings -> settings
                    .applyToClusterSettings(cluster -> cluster.serverSelectionTimeout(SERVER_SELECTION.toMillis(),
                            TimeUnit.MILLISECONDS))
                    .applyToServerSettings(server -> server.heartbeatFrequency(200, TimeUnit.MILLISECONDS)
                            .minHeartbeatFrequency(50, TimeUnit.MILLISECONDS))
                    .applyToSocketSettings(socket -> socket.connectTimeout(1, TimeUnit.SECONDS)));
            MongoCounterStore store = MongoCounterStore.create(mongo.freshDatabase(client));
            SequenceSpec spec = SequenceSpec.of("invoices").withBatch(10);
            Set<Long> taken = ConcurrentHashMap.newKeySet();
            AtomicLong handedOut = new AtomicLong();
            List<Throwable> unexpected = new CopyOnWriteArrayList<>();
            List<IdAllocationException> failures = new CopyOnWriteArrayList<>();
            AtomicLong longestCallNanos = new AtomicLong();
            AtomicLong afterRestart = new AtomicLong();
            AtomicBoolean restarted = new AtomicBoolean();
            AtomicBoolean stop = new AtomicBoolean();

            try (IdGenerators ids = IdGenerators.builder(store).allocationTimeout(SERVER_SELECTION.multipliedBy(2))
                    .failureBackoff(Duration.ofMillis(500)).build()) {
                SequenceAllocator allocator = ids.sequence(spec);
                CyclicBarrier start = new CyclicBarrier(THREADS + 1);
                List<Thread> callers = new ArrayList<>();
                for (int t = 0; t < THREADS; t++) {
                    Thread caller = new Thread(() -> {
                        try {
                            start.await();
                            while (!stop.get()) {
                                boolean sinceRestart = restarted.get();
                                long began = System.nanoTime();
                                try {
                                    long id = allocator.next();
                                    handedOut.incrementAndGet();
                                    if (!taken.add(id)) {
                                        unexpected.add(new AssertionError("id " + id + " handed out twice"));
                                    }
                                    if (sinceRestart) {
                                        afterRestart.incrementAndGet();
                                    }
                                } catch (IdAllocationException e) {
                                    failures.add(e);
                                    Thread.sleep(5); // a caller that gets an error does something else for a moment
                                } finally {
                                    longestCallNanos.accumulateAndGet(System.nanoTime() - began, Math::max);
                                }
                            }
                        } catch (Throwable e) {
                            unexpected.add(e);
                        }
                    }, "caller-" + t);
                    callers.add(caller);
                    caller.start();
                }
                start.await();
                awaitAtLeast(handedOut, 500);
                mongo.stop();
                Thread.sleep(SERVER_SELECTION.multipliedBy(3).toMillis()); // long enough for every caller to block
                mongo.restart();
                restarted.set(true);
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
                while (afterRestart.get() < 1_000 && System.nanoTime() < deadline && unexpected.isEmpty()) {
                    Thread.sleep(10);
                }
                stop.set(true);
                for (Thread caller : callers) {
                    caller.join();
                }

                assertThat(unexpected).isEmpty();
                assertThat(failures).as("the outage was seen").isNotEmpty()
                        .allSatisfy(e -> assertThat(e).hasMessageContaining("'invoices'"));
                assertThat(failures).anySatisfy(e -> assertThat(e).hasCauseInstanceOf(MongoException.class));
                assertThat(Duration.ofNanos(longestCallNanos.get())).as("the longest call")
                        .isLessThanOrEqualTo(SERVER_SELECTION.multipliedBy(2));
                assertThat(afterRestart).as("ids taken after the restart, without a restart of the application")
                        .hasValueGreaterThanOrEqualTo(1_000);
                SequenceSnapshot snapshot = allocator.snapshot();
                assertThat(snapshot.failing()).isFalse();
                assertThat(snapshot.failures()).isPositive();
                assertThat(snapshot.idsHandedOut()).isEqualTo(handedOut.get());
            }

            assertThat(taken).hasSize((int) handedOut.get());
            try (SequenceAllocator reopened = SequenceAllocator.open(spec, store)) {
                for (int i = 0; i < 50; i++) {
                    long id = reopened.next();
                    assertThat(taken.add(id)).as("id %d handed out again by a new allocator", id).isTrue();
                }
            }
        }
    }

    private static void awaitAtLeast(AtomicLong value, long target) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (value.get() < target && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        assertThat(value).hasValueGreaterThanOrEqualTo(target);
    }
}
