package dev.keysmith.runtime;

import static dev.keysmith.runtime.testing.PrefetchPacing.awaitTheNextRangeWhenUsedUp;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keysmith.runtime.testing.Concurrently;
import dev.keysmith.runtime.testing.InMemoryCounterStore;
import dev.keysmith.runtime.testing.LogCapture;
import dev.keysmith.runtime.testing.RecordingCounterStore;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class IdGeneratorsTest {

    private final IdGenerators ids = IdGenerators.create(new InMemoryCounterStore());

    @Test
    void oneAllocatorPerSequenceName() {
        SequenceAllocator invoices = ids.sequence(SequenceSpec.of("invoices"));

        assertThat(ids.sequence(SequenceSpec.of("invoices"))).isSameAs(invoices);
        assertThat(ids.sequence(SequenceSpec.of("orders"))).isNotSameAs(invoices);
        assertThat(invoices.next()).isEqualTo(1);
        assertThat(ids.sequence(SequenceSpec.of("invoices")).next()).isEqualTo(2);
    }

    @Test
    void theSameNameWithOtherSettingsNamesBoth() {
        ids.sequence(SequenceSpec.of("invoices"));

        assertThatIllegalArgumentException().isThrownBy(() -> ids.sequence(SequenceSpec.of("invoices").withBatch(10)))
                .withMessageContaining("'invoices'").withMessageContaining("batch=50").withMessageContaining("batch=10");
    }

    @Test
    void closeClosesEveryAllocator() {
        SequenceAllocator invoices = ids.sequence(SequenceSpec.of("invoices"));
        invoices.next();

        ids.close();

        assertThatThrownBy(invoices::next).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> ids.sequence(SequenceSpec.of("orders"))).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void everyStrategyGivesItsKindOfId() {
        assertThat(ids.objectId()).isLessThan(ids.objectId());
        assertThat(ids.randomUuid().version()).isEqualTo(4);
        assertThat(ids.timeOrderedUuid().version()).isEqualTo(7);
        assertThat(Long.toString(ids.randomId(12))).hasSize(12);
        assertThat(Long.toString(ids.randomId(3))).hasSize(3);
        assertThatIllegalArgumentException().isThrownBy(() -> ids.randomId(19)).withMessageContaining("digits = 19");
    }

    @Test
    @Timeout(60)
    void aHundredSequencesInUseShareAtMostOnePrefetchThreadWhichEndsWhenAllAreIdle() throws Exception {
        List<Thread> started = new CopyOnWriteArrayList<>();
        ThreadFactory recording = recordingThreads(started);
        Set<String> taken = ConcurrentHashMap.newKeySet();
        try (IdGenerators shared = IdGenerators.builder(new InMemoryCounterStore())
                .prefetchIdleTime(Duration.ofMillis(250)).prefetchThreads(recording).build()) {
            List<SequenceAllocator> sequences = new ArrayList<>();
            for (int i = 0; i < 100; i++) {
                sequences.add(shared.sequence(SequenceSpec.of("s" + i).withBatch(10)));
            }
            List<Long> aliveSeen = new CopyOnWriteArrayList<>();
            Concurrently.run(4, worker -> {
                for (int round = 0; round < 50; round++) {
                    for (SequenceAllocator sequence : sequences) {
                        taken.add(sequence.spec().name() + ":" + sequence.next());
                    }
                    aliveSeen.add(started.stream().filter(Thread::isAlive).count());
                }
            });

            assertThat(taken).hasSize(100 * 4 * 50);
            assertThat(aliveSeen).as("prefetch threads alive at once").allMatch(alive -> alive <= 1);
            assertThat(started).isNotEmpty();
            assertThat(shared.sequenceSnapshots()).hasSize(100)
                    .allSatisfy(snapshot -> assertThat(snapshot.idsHandedOut()).isEqualTo(200))
                    // 200 ids each, in reservations of one batch of 10 to 16 batches (the prefetch at a fast pace)
                    .allSatisfy(snapshot -> assertThat(snapshot.reservations()).isBetween(2L, 21L));

            for (Thread thread : started) {
                thread.join(); // every sequence idles and leaves the schedule, so the thread ends; else the
                               // test's @Timeout reports it (a bound on a hang, not a timing claim)
            }
            assertThat(started).as("no prefetch thread once every sequence is idle").noneMatch(Thread::isAlive);
        }
    }

    @Test
    @Timeout(30) // a sequence that never left the schedule would keep the prefetch thread alive: the join never ends
    void anIdleSequenceLeavesTheScheduleSoTheThreadEndsAndItsNextCallerEntersItAgain() throws Exception {
        List<Thread> started = new CopyOnWriteArrayList<>();
        ThreadFactory recording = recordingThreads(started);
        RecordingCounterStore store = new RecordingCounterStore(new InMemoryCounterStore());
        Thread caller = Thread.currentThread();
        try (IdGenerators idling = IdGenerators.builder(store).prefetchIdleTime(Duration.ofMillis(50))
                .prefetchThreads(recording).build()) {
            SequenceAllocator sequence = idling.sequence(SequenceSpec.of("idling").withBatch(10));
            List<Long> taken = new ArrayList<>();
            for (int i = 0; i < 25; i++) {
                awaitTheNextRangeWhenUsedUp(sequence);
                taken.add(sequence.next());
            }
            int threadsBefore = started.size();
            assertThat(threadsBefore).isPositive();
            for (Thread thread : started) {
                thread.join(); // the sequence is open, but idle: it leaves the schedule, and the thread ends
            }

            for (int i = 0; i < 25; i++) {
                awaitTheNextRangeWhenUsedUp(sequence);
                taken.add(sequence.next());
            }
            assertThat(started).as("the next caller entered the sequence again").hasSizeGreaterThan(threadsBefore);
            assertThat(taken).containsExactlyElementsOf(LongStream.rangeClosed(1, 50).boxed().toList());
            assertThat(store.callsBy(caller)).as("the first range only").isEqualTo(1);
        }
    }

    /** How many batches at which pace is PrefetcherTest's, on a clock the test moves; here: what holds at any pace. */
    @Test
    void aPrefetchingSequenceReservesWholeBatchesUpToTheMostAllowedAndNeverAnIdTwice() {
        RecordingCounterStore store = new RecordingCounterStore(new InMemoryCounterStore());
        try (IdGenerators fast = IdGenerators.create(store)) {
            SequenceAllocator sequence = fast.sequence(SequenceSpec.of("fast").withBatch(10));
            Set<Long> taken = new java.util.TreeSet<>();
            for (int i = 0; i < 20_000; i++) {
                awaitTheNextRangeWhenUsedUp(sequence);
                taken.add(sequence.next());
            }
            assertThat(taken).as("never an id twice").hasSize(20_000);
        }

        assertThat(store.counts()).as("whole batches, up to 16 of them").allSatisfy(count -> {
            assertThat(count % 10).isZero();
            assertThat(count).isBetween(10L, 160L);
        });
    }

    @Test
    void withPrefetchBatchesOneEveryReservationIsOneBatch() {
        RecordingCounterStore store = new RecordingCounterStore(new InMemoryCounterStore());
        try (IdGenerators exact = IdGenerators.builder(store).prefetchBatches(1).build()) {
            SequenceAllocator sequence = exact.sequence(SequenceSpec.of("exact").withBatch(10));
            for (int i = 0; i < 5_000; i++) {
                awaitTheNextRangeWhenUsedUp(sequence);
                sequence.next();
            }
        }

        assertThat(store.counts()).hasSizeGreaterThanOrEqualTo(500).containsOnly(10L);
        assertThatIllegalArgumentException().isThrownBy(() -> IdGenerators.builder(store).prefetchBatches(0))
                .withMessageContaining("prefetchBatches").withMessageContaining("0");
    }

    @Test
    void snapshotsListEverySequenceByName() {
        ids.sequence(SequenceSpec.of("orders").withBatch(10)).next();
        ids.sequence(SequenceSpec.of("invoices").withBatch(10).withPrefetch(false)).next();

        assertThat(ids.sequenceSnapshots()).extracting(SequenceSnapshot::sequence).containsExactly("invoices", "orders");
        SequenceSnapshot invoices = ids.sequenceSnapshots().get(0);
        assertThat(invoices.idsHandedOut()).isEqualTo(1);
        assertThat(invoices.idsLeftInRange()).isEqualTo(9);
        assertThat(invoices.reservations()).isEqualTo(1);
        assertThat(invoices.reservationTime()).isPositive();
        assertThat(invoices.maxReservationTime()).isEqualTo(invoices.reservationTime());
        assertThat(invoices.failing()).isFalse();
    }

    @Test
    void aFailingStoreLogsOneWarningAndItsRecoveryOneInfoLine() {
        RecordingCounterStore store = new RecordingCounterStore(new InMemoryCounterStore());
        List<LogRecord> records;
        try (LogCapture log = LogCapture.of(SequenceAllocator.class.getName());
                IdGenerators failingFast = IdGenerators.builder(store).failureBackoff(Duration.ZERO).build()) {
            SequenceAllocator allocator = failingFast.sequence(SequenceSpec.of("logged").withBatch(5));
            store.failWith(new IllegalStateException("the store is down"));
            for (int i = 0; i < 20; i++) {
                assertThatThrownBy(allocator::next).isInstanceOf(IdAllocationException.class);
            }
            store.failWith(null);
            for (int i = 0; i < 20; i++) {
                allocator.next();
            }
            records = log.records();
        }

        assertThat(records).extracting(LogRecord::getLevel).containsExactly(Level.WARNING, Level.INFO);
        assertThat(records.get(0).getThrown()).hasRootCauseMessage("the store is down");
        assertThat(records.get(1).getMessage()).contains("'logged'");
    }

    /** Daemon threads, each added to {@code started} when made. */
    private static ThreadFactory recordingThreads(List<Thread> started) {
        return task -> {
            Thread thread = new Thread(task, "test-prefetch-" + started.size());
            thread.setDaemon(true);
            started.add(thread);
            return thread;
        };
    }
}
