package dev.keysmith.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keysmith.runtime.internal.PrefetchPacing;
import dev.keysmith.runtime.testing.Concurrently;
import dev.keysmith.runtime.testing.InMemoryCounterStore;
import dev.keysmith.runtime.testing.RecordingCounterStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class SequenceAllocatorTest {

    private final InMemoryCounterStore counters = new InMemoryCounterStore();
    private final RecordingCounterStore store = new RecordingCounterStore(counters);

    @Test
    void batchOneHandsOutExactlyOneToNAcrossThreadsWithoutPrefetch() throws Exception {
        Set<Long> taken = ConcurrentHashMap.newKeySet();
        try (SequenceAllocator allocator = SequenceAllocator.open(SequenceSpec.of("continuous").withBatch(1), store)) {
            Concurrently.run(4, thread -> {
                for (int i = 0; i < 250; i++) {
                    taken.add(allocator.next());
                }
            });
            assertThat(allocator.prefetcher()).as("batch 1 never prefetches").isNull();
        }

        assertThat(taken).containsExactlyInAnyOrderElementsOf(range(1, 1000));
        assertThat(store.countersCalled()).hasSize(1000);
        assertThat(counters.value("continuous")).isEqualTo(1000);
    }

    @Test
    void fourAllocatorsSharingOneStoreNeverHandOutAnIdTwice() throws Exception {
        SequenceSpec spec = SequenceSpec.of("shared").withBatch(50);
        List<SequenceAllocator> allocators = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            allocators.add(SequenceAllocator.open(spec, store));
        }
        Set<Long> taken = ConcurrentHashMap.newKeySet();
        AtomicLong handedOut = new AtomicLong();

        Concurrently.run(16, thread -> {
            SequenceAllocator allocator = allocators.get(thread % 4);
            for (int i = 0; i < 5_000; i++) {
                taken.add(allocator.next());
                handedOut.incrementAndGet();
            }
        });
        allocators.forEach(SequenceAllocator::close);

        assertThat(handedOut).hasValue(80_000);
        assertThat(taken).hasSize(80_000);
        assertThat(taken).allMatch(id -> id >= 1 && id <= counters.value("shared"));
    }

    @Test
    void stripedCountersHandOutEveryValueOnceThenReportTheSpaceExhausted() throws Exception {
        // batch 7 divides none of the ranges (250, 250, 250, 249 ids), so reservations get clipped
        SequenceSpec spec = SequenceSpec.of("stripes").withCounters(4, 3).withBatch(7);
        Set<Long> taken = ConcurrentHashMap.newKeySet();
        AtomicLong handedOut = new AtomicLong();
        List<IdSpaceExhaustedException> exhausted = new ArrayList<>();

        try (SequenceAllocator allocator = SequenceAllocator.open(spec, store)) {
            Concurrently.run(4, thread -> {
                while (true) {
                    try {
                        taken.add(allocator.next());
                        handedOut.incrementAndGet();
                    } catch (IdSpaceExhaustedException e) {
                        synchronized (exhausted) {
                            exhausted.add(e);
                        }
                        return;
                    }
                }
            });
            assertThatThrownBy(allocator::next).isInstanceOf(IdSpaceExhaustedException.class);
        }

        assertThat(handedOut).hasValue(999);
        assertThat(taken).containsExactlyInAnyOrderElementsOf(range(1, 999));
        assertThat(exhausted).hasSize(4).allSatisfy(e -> {
            assertThat(e.sequence()).isEqualTo("stripes");
            assertThat(e.first()).isEqualTo(1);
            assertThat(e.last()).isEqualTo(999);
            assertThat(e).hasMessageContaining("'stripes'").hasMessageContaining("[1, 999]");
        });
        assertThat(Set.copyOf(store.countersCalled()))
                .containsExactlyInAnyOrder("stripes#0", "stripes#1", "stripes#2", "stripes#3");
    }

    @Test
    void eachStripeHandsOutOnlyItsOwnRange() {
        SequenceSpec spec = SequenceSpec.of("owned").withCounters(4, 3).withBatch(7).withPrefetch(false);
        List<Long> taken = new ArrayList<>();
        try (SequenceAllocator allocator = SequenceAllocator.open(spec, store)) {
            for (int i = 0; i < 999; i++) {
                taken.add(allocator.next());
            }
            assertThat(allocator.prefetcher()).as("prefetch = false").isNull();
            assertThat(allocator.prefetcherWakeups()).isZero();
        }
        assertThat(store.callsByOthersThan(Thread.currentThread())).isZero();
        // every reservation of counter i lies in range i: 1-250, 251-500, 501-750, 751-999
        assertThat(counters.value("owned#0")).isGreaterThanOrEqualTo(250);
        assertThat(counters.value("owned#3")).isGreaterThanOrEqualTo(249);
        assertThat(taken.stream().filter(id -> id <= 250)).hasSize(250);
        assertThat(taken.stream().filter(id -> id > 750)).hasSize(249);
    }

    @Test
    void intIdsStopAtIntegerMaxValue() throws Exception {
        SequenceSpec spec = SequenceSpec.of("small").withIntIds(true).withStart(Integer.MAX_VALUE - 9L).withBatch(4);
        List<Long> taken = new ArrayList<>();
        try (SequenceAllocator allocator = SequenceAllocator.open(spec, store)) {
            taken.add(allocator.next());
            Thread prefetcher = allocator.prefetcher();
            for (int i = 1; i < 10; i++) {
                taken.add(allocator.next());
            }
            assertThatThrownBy(allocator::next).isInstanceOfSatisfying(IdSpaceExhaustedException.class,
                    e -> assertThat(e.last()).isEqualTo(Integer.MAX_VALUE));
            prefetcher.join(TimeUnit.SECONDS.toMillis(10));
            assertThat(prefetcher.isAlive()).as("the prefetch thread ends once nothing is left to reserve").isFalse();
        }

        assertThat(taken).containsExactlyElementsOf(range(Integer.MAX_VALUE - 9L, Integer.MAX_VALUE));
    }

    @Test
    void withPrefetchTheCallerReservesOnlyTheFirstRange() {
        Thread caller = Thread.currentThread();
        long previous = 0;
        try (SequenceAllocator allocator = SequenceAllocator.open(SequenceSpec.of("warm").withBatch(100), store)) {
            for (int i = 0; i < 10_000; i++) {
                long id = allocator.next();
                assertThat(id).isGreaterThan(previous);
                previous = id;
            }
        }

        assertThat(store.callsBy(caller)).isEqualTo(1);
        assertThat(store.callsByOthersThan(caller)).isGreaterThanOrEqualTo(99);
    }

    @Test
    void inSteadyStateACallerNeitherCallsTheStoreNorWaitsForNorWakesThePrefetchThread() throws Exception {
        // The caller takes an id every 2 ms, far slower than the in-memory store: the prefetch thread has time to
        // learn the pace and reserve each range before the caller gets near the end of the current one.
        Thread caller = Thread.currentThread();
        try (SequenceAllocator allocator = SequenceAllocator.open(SequenceSpec.of("steady").withBatch(20), store)) {
            takePaced(allocator, 60); // warm-up: the caller reserves the first range and starts the thread
            int storeCallsByCaller = store.callsBy(caller);
            int prefetches = store.callsByOthersThan(caller);
            long waits = allocator.prefetchWaits();
            long wakeups = allocator.prefetcherWakeups();

            List<Long> taken = takePaced(allocator, 160); // eight more ranges

            assertThat(taken).containsExactlyElementsOf(range(61, 220));
            assertThat(store.callsBy(caller)).as("store calls by the caller").isEqualTo(storeCallsByCaller);
            assertThat(allocator.prefetchWaits()).as("waits for a prefetch").isEqualTo(waits);
            assertThat(allocator.prefetcherWakeups()).as("wake-ups of the prefetch thread").isEqualTo(wakeups);
            assertThat(store.callsByOthersThan(caller)).as("prefetches").isGreaterThanOrEqualTo(prefetches + 8);
        }
        assertThat(store.callsBy(caller)).isEqualTo(1);
    }

    @Test
    void thePrefetchThreadIsADaemonThatEndsWhenIdleAndIsStartedAgainWhenARangeIsNeeded() throws Exception {
        PrefetchPacing quicklyIdle = new PrefetchPacing(TimeUnit.MICROSECONDS.toNanos(50),
                TimeUnit.MILLISECONDS.toNanos(5), TimeUnit.MICROSECONDS.toNanos(200), TimeUnit.MILLISECONDS.toNanos(20));
        Set<Long> taken = new TreeSet<>();
        try (SequenceAllocator allocator = SequenceAllocator.open(SequenceSpec.of("idle").withBatch(10), store,
                quicklyIdle)) {
            taken.add(allocator.next());
            Thread first = allocator.prefetcher();
            assertThat(first).isNotNull();
            assertThat(first.getName()).isEqualTo("keysmith-prefetch-idle");
            assertThat(first.isDaemon()).isTrue();

            first.join(TimeUnit.SECONDS.toMillis(10));
            assertThat(first.isAlive()).as("the thread ended after 20 ms without an id taken").isFalse();
            assertThat(allocator.prefetcher()).isNull();

            long wakeups = allocator.prefetcherWakeups();
            for (int i = 0; i < 8; i++) {
                taken.add(allocator.next()); // crosses three quarters of the range: the caller starts a new thread
            }
            Thread second = allocator.prefetcher();
            assertThat(second).isNotNull().isNotSameAs(first);
            assertThat(allocator.prefetcherWakeups()).isEqualTo(wakeups + 1);
            for (int i = 0; i < 31; i++) {
                taken.add(allocator.next());
            }
            allocator.close();
            second.join(TimeUnit.SECONDS.toMillis(10));
            assertThat(second.isAlive()).as("close() ends the thread").isFalse();
        }

        assertThat(taken).containsExactlyElementsOf(range(1, 40));
        assertThat(store.callsBy(Thread.currentThread())).isEqualTo(1);
    }

    @Test
    void aCallerWhoseRangeIsUsedUpWaitsForThePrefetchInsteadOfCallingTheStore() throws Exception {
        BlockingSecondCall blocking = new BlockingSecondCall(counters);
        RecordingCounterStore slowSecondCall = new RecordingCounterStore(blocking);
        try (SequenceAllocator allocator = SequenceAllocator.open(SequenceSpec.of("slow").withBatch(10), slowSecondCall)) {
            for (int i = 0; i < 10; i++) {
                allocator.next();
            }
            blocking.entered.await();
            AtomicReference<Long> eleventh = new AtomicReference<>();
            Thread waiter = startWaiting(() -> eleventh.set(allocator.next()));
            assertThat(eleventh.get()).isNull();
            blocking.release.countDown();
            waiter.join();

            assertThat(eleventh.get()).isEqualTo(11);
            assertThat(slowSecondCall.callsBy(waiter)).isZero();
            assertThat(slowSecondCall.callsBy(Thread.currentThread())).isEqualTo(1);
        }
    }

    @Test
    void closingWhileACallerWaitsForThePrefetchWakesItWithIllegalStateAndDropsTheRange() throws Exception {
        BlockingSecondCall slowSecondCall = new BlockingSecondCall(counters);
        SequenceAllocator allocator = SequenceAllocator.open(SequenceSpec.of("closing").withBatch(4), slowSecondCall);
        for (int i = 0; i < 4; i++) {
            allocator.next();
        }
        slowSecondCall.entered.await();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread waiter = startWaiting(() -> {
            try {
                allocator.next();
            } catch (Throwable e) {
                failure.set(e);
            }
        });

        allocator.close();
        waiter.join();
        slowSecondCall.release.countDown();

        assertThat(failure.get()).isInstanceOf(IllegalStateException.class).hasMessageContaining("'closing'");
        try (SequenceAllocator reopened = SequenceAllocator.open(SequenceSpec.of("closing").withBatch(4), counters::reserve)) {
            assertThat(reopened.next()).isGreaterThan(4); // the prefetched range 5..8 is abandoned or handed out here, never twice
        }
    }

    @Test
    void aCallerInterruptedWhileWaitingForThePrefetchGetsIdAllocationException() throws Exception {
        BlockingSecondCall slowSecondCall = new BlockingSecondCall(counters);
        try (SequenceAllocator allocator = SequenceAllocator.open(SequenceSpec.of("interrupted").withBatch(4),
                slowSecondCall)) {
            for (int i = 0; i < 4; i++) {
                allocator.next();
            }
            slowSecondCall.entered.await();
            AtomicReference<Throwable> failure = new AtomicReference<>();
            AtomicReference<Boolean> stillInterrupted = new AtomicReference<>();
            Thread waiter = startWaiting(() -> {
                try {
                    allocator.next();
                } catch (Throwable e) {
                    failure.set(e);
                    stillInterrupted.set(Thread.currentThread().isInterrupted());
                }
            });

            waiter.interrupt();
            waiter.join();
            slowSecondCall.release.countDown();

            assertThat(failure.get()).isInstanceOf(IdAllocationException.class)
                    .hasCauseInstanceOf(InterruptedException.class).hasMessageContaining("'interrupted'");
            assertThat(stillInterrupted.get()).isTrue();
            assertThat(allocator.next()).isEqualTo(5);
        }
    }

    @Test
    void aFailingStoreGivesIdAllocationExceptionAndTheNextCallTriesAgain() {
        IllegalStateException down = new IllegalStateException("the store is down");
        try (SequenceAllocator allocator = SequenceAllocator.open(SequenceSpec.of("flaky").withBatch(10), store)) {
            store.failWith(down);
            assertThatThrownBy(allocator::next).isInstanceOfSatisfying(IdAllocationException.class, e -> {
                assertThat(e.sequence()).isEqualTo("flaky");
                assertThat(e.counter()).isEqualTo("flaky");
                assertThat(e).hasCause(down).hasMessageContaining("'flaky'").hasMessageContaining("the store is down");
            });
            store.failWith(null);

            assertThat(allocator.next()).isEqualTo(1);
        }
    }

    @Test
    void aFailedPrefetchIsNotFatalAndNoIdIsHandedOutTwice() {
        IllegalStateException down = new IllegalStateException("the store is down");
        Set<Long> taken = new TreeSet<>();
        try (SequenceAllocator allocator = SequenceAllocator.open(SequenceSpec.of("prefetch-fails").withBatch(10), store)) {
            taken.add(allocator.next());
            store.failWith(down);
            for (int i = 0; i < 9; i++) {
                taken.add(allocator.next()); // the prefetch fails in the background; the current range still serves
            }
            assertThatThrownBy(allocator::next).isInstanceOf(IdAllocationException.class).hasCause(down);
            store.failWith(null);
            for (int i = 0; i < 30; i++) {
                taken.add(allocator.next());
            }
        }

        assertThat(taken).hasSize(40).containsExactlyElementsOf(range(1, 40));
    }

    @Test
    @Timeout(30) // without the clean-up, the caller would wait for the dead thread forever
    void aPrefetchThreadKilledByAnErrorLeavesNoCallerWaiting() throws Exception {
        AtomicLong errorsThrown = new AtomicLong();
        CounterStore dyingPrefetch = (counter, count) -> {
            if (Thread.currentThread().getName().startsWith("keysmith-prefetch-") && errorsThrown.getAndIncrement() == 0) {
                throw new StackOverflowError("the prefetch thread dies (this trace is expected)");
            }
            return store.reserve(counter, count);
        };
        try (SequenceAllocator allocator = SequenceAllocator.open(SequenceSpec.of("dying").withBatch(4), dyingPrefetch)) {
            assertThat(allocator.next()).isEqualTo(1);
            Thread prefetcher = allocator.prefetcher();
            for (long id = 2; id <= 4; id++) {
                assertThat(allocator.next()).isEqualTo(id); // at three quarters the caller asks the thread at the latest
            }
            prefetcher.join(TimeUnit.SECONDS.toMillis(10));
            assertThat(prefetcher.isAlive()).isFalse();

            assertThat(allocator.next()).as("reserved by the caller, not waited for").isEqualTo(5);
            assertThat(errorsThrown).hasValue(1);
            assertThat(store.callsBy(Thread.currentThread())).isEqualTo(2);
        }
    }

    @Test
    void closingStopsTheAllocatorAndReopeningNeverHandsOutAnIdTwice() {
        SequenceSpec spec = SequenceSpec.of("reopened").withBatch(20);
        Set<Long> taken = new TreeSet<>();
        SequenceAllocator first = SequenceAllocator.open(spec, store);
        for (int i = 0; i < 15; i++) {
            taken.add(first.next());
        }
        first.close();
        assertThatThrownBy(first::next).isInstanceOf(IllegalStateException.class).hasMessageContaining("'reopened'");

        try (SequenceAllocator second = SequenceAllocator.open(spec, store)) {
            for (int i = 0; i < 15; i++) {
                assertThat(taken.add(second.next())).isTrue();
            }
        }
        assertThat(taken).hasSize(30);
    }

    @Test
    void startZeroHandsOutZeroFirst() {
        try (SequenceAllocator allocator = SequenceAllocator.open(SequenceSpec.of("zero").withStart(0).withBatch(3),
                store)) {
            assertThat(allocator.next()).isZero();
            assertThat(allocator.next()).isEqualTo(1);
        }
    }

    private static List<Long> takePaced(SequenceAllocator allocator, int count) throws InterruptedException {
        List<Long> taken = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            taken.add(allocator.next());
            Thread.sleep(2);
        }
        return taken;
    }

    private static List<Long> range(long first, long last) {
        return LongStream.rangeClosed(first, last).boxed().collect(Collectors.toList());
    }

    /** Starts {@code body} on a new thread and returns once that thread waits (or has ended). */
    private static Thread startWaiting(Runnable body) {
        Thread waiter = new Thread(body, "waiter");
        waiter.start();
        while (waiter.getState() != Thread.State.WAITING && waiter.getState() != Thread.State.TERMINATED) {
            Thread.onSpinWait();
        }
        return waiter;
    }

    /** A store whose second call (the first prefetch) blocks until {@link #release} opens. */
    private static final class BlockingSecondCall implements CounterStore {

        final CountDownLatch entered = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);
        private final AtomicLong calls = new AtomicLong();
        private final CounterStore delegate;

        BlockingSecondCall(CounterStore delegate) {
            this.delegate = delegate;
        }

        @Override
        public long reserve(String counter, long count) {
            if (calls.incrementAndGet() == 2) {
                entered.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            return delegate.reserve(counter, count);
        }
    }
}
