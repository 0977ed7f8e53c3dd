package dev.keysmith.mongodb.counters;

import static org.assertj.core.api.Assertions.assertThat;

import com.mongodb.MongoException;
import com.mongodb.client.MongoClient;
import dev.keysmith.mongodb.MongoCounterStore;
import dev.keysmith.mongodb.testing.TestMongo;
import dev.keysmith.runtime.CounterStore;
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
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The server goes away while sixteen threads take ids, and comes back with its data on the same port.
 *
 * <p>The outage is driven by outcomes, not by time: the server stays down until every caller has been answered
 * with a failure at least once (so none hangs through an outage), then comes back, and the test waits for ids to
 * flow again. How long one call may wait is the allocator's property, proven on a store and a clock the test
 * controls (SequenceAllocatorTest: waiters of a failing reservation all get its failure, the store called once);
 * here the counter store is watched for the property that makes that bound hold across real threads: never more
 * than one reservation of the sequence in flight at a time.
 */
class MongoSequenceFaultTest {

    private static final int THREADS = 16;
    private static final Duration SERVER_SELECTION = Duration.ofSeconds(2);
    /** Only a guard against a hang: the test waits for counts, and ends far sooner on any machine. */
    private static final Duration HANG_GUARD = Duration.ofMinutes(2);

    @TempDir
    Path dataDirectory;

    @Test
    void throughAnOutageEveryCallerGetsAClearFailureReservationsStaySingleFlightAndIdsFlowAgainWithoutDuplicates()
            throws Exception {
        try (TestMongo mongo = TestMongo.startDurable(dataDirectory.resolve("counters.mv"))) {
            mongo.assumeRestartable();
            MongoClient client = mongo.newClient(settings -> settings
                    .applyToClusterSettings(cluster -> cluster.serverSelectionTimeout(SERVER_SELECTION.toMillis(),
                            TimeUnit.MILLISECONDS))
                    .applyToServerSettings(server -> server.heartbeatFrequency(200, TimeUnit.MILLISECONDS)
                            .minHeartbeatFrequency(50, TimeUnit.MILLISECONDS))
                    .applyToSocketSettings(socket -> socket.connectTimeout(1, TimeUnit.SECONDS)));
            MongoCounterStore mongoStore = MongoCounterStore.create(mongo.freshDatabase(client));
            InFlight inFlight = new InFlight();
            CounterStore store = (counter, count) -> inFlight.during(() -> mongoStore.reserve(counter, count));
            SequenceSpec spec = SequenceSpec.of("invoices").withBatch(10);
            Set<Long> taken = ConcurrentHashMap.newKeySet();
            AtomicLong handedOut = new AtomicLong();
            List<Throwable> unexpected = new CopyOnWriteArrayList<>();
            List<IdAllocationException> failures = new CopyOnWriteArrayList<>();
            AtomicIntegerArray failedWhileDown = new AtomicIntegerArray(THREADS);
            AtomicLong afterRestart = new AtomicLong();
            AtomicBoolean down = new AtomicBoolean();
            AtomicBoolean restarted = new AtomicBoolean();
            AtomicBoolean stop = new AtomicBoolean();

            try (IdGenerators ids = IdGenerators.builder(store).allocationTimeout(SERVER_SELECTION.multipliedBy(2))
                    .failureBackoff(Duration.ofMillis(500)).build()) {
                SequenceAllocator allocator = ids.sequence(spec);
                CyclicBarrier start = new CyclicBarrier(THREADS + 1);
                List<Thread> callers = new ArrayList<>();
                for (int t = 0; t < THREADS; t++) {
                    int caller = t;
                    Thread thread = new Thread(() -> {
                        try {
                            start.await();
                            while (!stop.get()) {
                                boolean sinceRestart = restarted.get();
                                boolean sinceOutage = down.get();
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
                                    if (sinceOutage && !restarted.get()) {
                                        failedWhileDown.incrementAndGet(caller);
                                    }
                                    Thread.sleep(5); // a caller that gets an error does something else for a moment
                                }
                            }
                        } catch (Throwable e) {
                            unexpected.add(e);
                        }
                    }, "caller-" + t);
                    callers.add(thread);
                    thread.start();
                }
                start.await();
                awaitAtLeast("ids handed out before the outage", handedOut::get, 500);
                down.set(true);
                mongo.stop();
                awaitAtLeast("callers answered with a failure during the outage", () -> IntStream.range(0, THREADS)
                        .filter(t -> failedWhileDown.get(t) > 0).count(), THREADS);
                mongo.restart();
                restarted.set(true);
                awaitAtLeast("ids taken after the restart", afterRestart::get, 1_000);
                stop.set(true);
                for (Thread caller : callers) {
                    caller.join();
                }

                assertThat(unexpected).isEmpty();
                assertThat(failures).as("the outage was seen").isNotEmpty()
                        .allSatisfy(e -> assertThat(e).hasMessageContaining("'invoices'"));
                assertThat(failures).anySatisfy(e -> assertThat(e).hasCauseInstanceOf(MongoException.class));
                assertThat(inFlight.most()).as("reservations of the sequence in flight at once").isEqualTo(1);
                SequenceSnapshot snapshot = allocator.snapshot();
                assertThat(snapshot.failing()).isFalse();
                assertThat(snapshot.failures()).isPositive();
                assertThat(snapshot.idsHandedOut()).isEqualTo(handedOut.get());
            }

            assertThat(taken).hasSize((int) handedOut.get());
            try (SequenceAllocator reopened = SequenceAllocator.open(spec, mongoStore)) {
                for (int i = 0; i < 50; i++) {
                    long id = reopened.next();
                    assertThat(taken.add(id)).as("id %d handed out again by a new allocator", id).isTrue();
                }
            }
        }
    }

    /** Counts the store calls in flight at once, and the most ever seen. */
    private static final class InFlight {
        private final AtomicInteger now = new AtomicInteger();
        private final AtomicInteger most = new AtomicInteger();

        long during(LongSupplier call) {
            most.accumulateAndGet(now.incrementAndGet(), Math::max);
            try {
                return call.getAsLong();
            } finally {
                now.decrementAndGet();
            }
        }

        int most() {
            return most.get();
        }
    }

    private static void awaitAtLeast(String what, LongSupplier value, long target) throws InterruptedException {
        long deadline = System.nanoTime() + HANG_GUARD.toNanos();
        while (value.getAsLong() < target && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        assertThat(value.getAsLong()).as("%s (waited at most %s for it)", what, HANG_GUARD)
                .isGreaterThanOrEqualTo(target);
    }
}
