package dev.keysmith.runtime;

import static dev.keysmith.runtime.testing.PrefetchPacing.awaitTheNextRangeWhenUsedUp;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keysmith.runtime.internal.PrefetchScheduler;
import dev.keysmith.runtime.testing.Concurrently;
import dev.keysmith.runtime.testing.InMemoryCounterStore;
import dev.keysmith.runtime.testing.RecordingCounterStore;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

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
            for (int i = 1; i < 10; i++) {
                taken.add(allocator.next());
            }
            assertThatThrownBy(allocator::next).isInstanceOfSatisfying(IdSpaceExhaustedException.class,
                    e -> assertThat(e).hasMessageContaining("use a long or Long id")
                            .satisfies(x -> assertThat(x.last()).isEqualTo(Integer.MAX_VALUE)));
        }

        assertThat(taken).containsExactlyElementsOf(range(Integer.MAX_VALUE - 9L, Integer.MAX_VALUE));
    }

    @Test
    @Timeout(60) // without a prefetch thread that reserves on its own, the caller would wait for a range forever
    void whileThePrefetchThreadKeepsUpTheCallerReservesOnlyTheFirstRangeAndNeverWaits() {
        // The caller never outruns the prefetch thread: with its range used up, it waits (outside the allocator)
        // until the next one is reserved, so nothing here depends on timing.
        Thread caller = Thread.currentThread();
        List<Long> taken = new ArrayList<>();
        try (SequenceAllocator allocator = SequenceAllocator.open(SequenceSpec.of("warm").withBatch(100), store)) {
            for (int i = 0; i < 10_000; i++) {
                awaitTheNextRangeWhenUsedUp(allocator);
                taken.add(allocator.next());
            }
            assertThat(allocator.snapshot().waits()).isZero();
        }

        assertThat(taken).containsExactlyElementsOf(range(1, 10_000));
        assertThat(store.callsBy(caller)).isEqualTo(1);
        assertThat(store.counts()).as("each reservation whole batches, at most the most a prefetch may take")
                .allSatisfy(count -> assertThat(count % 100).isZero())
                .allSatisfy(count -> assertThat(count).isBetween(100L, 100L * 16))
                .as("every range after the first reserved by the prefetch")
                .satisfies(counts -> assertThat(counts.stream().mapToLong(Long::longValue).sum() - 100)
                        .isGreaterThanOrEqualTo(10_000 - 100));
    }

    @Test
    void aCallerWhoseRangeIsUsedUpWaitsForThePrefetchInsteadOfCallingTheStore() throws Exception {
        BlockingCall blocking = BlockingCall.onCall(2, counters);
        RecordingCounterStore slowSecondCall = new RecordingCounterStore(blocking);
        try (SequenceAllocator allocator = SequenceAllocator.open(SequenceSpec.of("slow").withBatch(10), slowSecondCall)) {
            for (int i = 0; i < 10; i++) {
                allocator.next();
            }
            blocking.entered.await();
            AtomicReference<Long> eleventh = new AtomicReference<>();
            Thread waiter = startWaiting(allocator, () -> eleventh.set(allocator.next()));
            assertThat(eleventh.get()).isNull();
            blocking.release.countDown();
            waiter.join();

            assertThat(eleventh.get()).isEqualTo(11);
            assertThat(slowSecondCall.callsBy(waiter)).isZero();
            assertThat(slowSecondCall.callsBy(Thread.currentThread())).isEqualTo(1);
            assertThat(allocator.snapshot().waits()).isEqualTo(1);
        }
    }

    @ParameterizedTest
    @ValueSource(longs = {0, 60_000})
    void callersWaitingForAReservationThatFailsAllGetItsFailureAndTheStoreIsCalledOnce(long backoffMillis)
            throws Exception {
        IllegalStateException down = new IllegalStateException("the store is down");
        BlockingCall blocking = BlockingCall.onCall(1, (counter, count) -> {
            throw down;
        });
        RecordingCounterStore failing = new RecordingCounterStore(blocking);
        try (IdGenerators ids = IdGenerators.builder(failing).failureBackoff(Duration.ofMillis(backoffMillis))
                .build()) {
            SequenceAllocator allocator = ids.sequence(SequenceSpec.of("shared-failure").withBatch(10));
            List<Throwable> failures = new CopyOnWriteArrayList<>();
            List<Thread> callers = new ArrayList<>();
            for (int i = 0; i < 16; i++) {
                Runnable call = () -> {
                    try {
                        allocator.next();
                    } catch (Throwable e) {
                        failures.add(e);
                    }
                };
                callers.add(i == 0 ? startThread(call) : startWaiting(allocator, call));
                if (i == 0) {
                    blocking.entered.await();
                }
            }
            blocking.release.countDown();
            for (Thread caller : callers) {
                caller.join();
            }

            assertThat(failures).hasSize(16).allSatisfy(e -> assertThat(e)
                    .isInstanceOf(IdAllocationException.class).hasCause(down).hasMessageContaining("'shared-failure'"));
            assertThat(failing.countersCalled()).as("one reservation for sixteen callers").hasSize(1);

            if (backoffMillis > 0) {
                assertThatThrownBy(allocator::next).as("within the back-off, a caller fails fast")
                        .isInstanceOf(IdAllocationException.class).hasCause(down).hasMessageContaining("tried in");
                assertThat(failing.countersCalled()).hasSize(1);
            }
            SequenceSnapshot snapshot = allocator.snapshot();
            assertThat(snapshot.failures()).isEqualTo(1);
            assertThat(snapshot.failing()).isTrue();
            assertThat(snapshot.waits()).isEqualTo(15);
        }
    }

    @Test
    void aWaitLongerThanTheAllocationTimeoutEndsWithIdAllocationException() throws Exception {
        BlockingCall blocking = BlockingCall.onCall(1, counters);
        try (IdGenerators ids = IdGenerators.builder(blocking).allocationTimeout(Duration.ofMillis(50)).build()) {
            SequenceAllocator allocator = ids.sequence(SequenceSpec.of("deadline").withBatch(10));
            Thread reserver = startThread(allocator::next);
            blocking.entered.await();

            assertThatThrownBy(allocator::next).isInstanceOf(IdAllocationException.class)
                    .hasMessageContaining("allocation timeout").hasMessageContaining("'deadline'");
            blocking.release.countDown();
            reserver.join();
            assertThat(allocator.next()).isEqualTo(2);
        }
    }

    @Test
    void closingWhileACallerWaitsForThePrefetchWakesItWithIllegalStateAndDropsTheRange() throws Exception {
        BlockingCall slowSecondCall = BlockingCall.onCall(2, counters);
        SequenceAllocator allocator = SequenceAllocator.open(SequenceSpec.of("closing").withBatch(4), slowSecondCall);
        for (int i = 0; i < 4; i++) {
            allocator.next();
        }
        slowSecondCall.entered.await();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread waiter = startWaiting(allocator, () -> {
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
    void aCallerInterruptedWhileWaitingForAReservationReturnsAtOnceWithIdAllocationException() throws Exception {
        BlockingCall slowSecondCall = BlockingCall.onCall(2, counters);
        try (SequenceAllocator allocator = SequenceAllocator.open(SequenceSpec.of("interrupted").withBatch(4),
                slowSecondCall)) {
            for (int i = 0; i < 4; i++) {
                allocator.next();
            }
            slowSecondCall.entered.await();
            AtomicReference<Throwable> failure = new AtomicReference<>();
            AtomicReference<Boolean> stillInterrupted = new AtomicReference<>();
            Thread waiter = startWaiting(allocator, () -> {
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
            // waiter.join() returned above while the reservation it waited for was still blocked (released only
            // after it): the interrupt ended the wait, not the reservation. No clock is read.
            assertThat(allocator.next()).isEqualTo(5);
        }
    }

    @Test
    void aCallerInterruptedDuringItsOwnReservationPutsNobodyElseIntoTheBackOff() {
        CounterStore interruptible = (counter, count) -> {
            if (Thread.currentThread().isInterrupted()) {
                throw new IllegalStateException("the driver saw the interrupt");
            }
            return counters.reserve(counter, count);
        };
        try (IdGenerators ids = IdGenerators.builder(interruptible).failureBackoff(Duration.ofMinutes(1)).build()) {
            SequenceAllocator allocator = ids.sequence(SequenceSpec.of("interrupted-reserver").withBatch(10));
            Thread.currentThread().interrupt();
            try {
                assertThatThrownBy(allocator::next).isInstanceOf(IdAllocationException.class);
            } finally {
                assertThat(Thread.interrupted()).as("the interrupt flag is kept").isTrue();
            }

            assertThat(allocator.next()).as("no back-off after an interrupt").isEqualTo(1);
            assertThat(allocator.snapshot().failures()).isZero();
        }
    }

    @Test
    void aFailingStoreGivesIdAllocationExceptionAndAfterTheBackOffTheNextCallTriesAgain() {
        IllegalStateException down = new IllegalStateException("the store is down");
        try (IdGenerators ids = IdGenerators.builder(store).failureBackoff(Duration.ZERO).build()) {
            SequenceAllocator allocator = ids.sequence(SequenceSpec.of("flaky").withBatch(10));
            store.failWith(down);
            assertThatThrownBy(allocator::next).isInstanceOfSatisfying(IdAllocationException.class, e -> {
                assertThat(e.sequence()).isEqualTo("flaky");
                assertThat(e.counter()).isEqualTo("flaky");
                assertThat(e).hasCause(down).hasMessageContaining("'flaky'").hasMessageContaining("the store is down");
            });
            store.failWith(null);

            assertThat(allocator.next()).isEqualTo(1);
            assertThat(allocator.snapshot().failing()).isFalse();
        }
    }

    @Test
    void aFailedPrefetchIsNotFatalAndNoIdIsHandedOutTwice() {
        IllegalStateException down = new IllegalStateException("the store is down");
        AtomicLong calls = new AtomicLong();
        AtomicReference<RuntimeException> failure = new AtomicReference<>(down);
        CounterStore downAfterTheFirstCall = (counter, count) -> {
            RuntimeException toThrow = failure.get();
            if (calls.incrementAndGet() > 1 && toThrow != null) {
                throw toThrow;
            }
            return counters.reserve(counter, count);
        };
        Set<Long> taken = new TreeSet<>();
        try (IdGenerators ids = IdGenerators.builder(downAfterTheFirstCall).failureBackoff(Duration.ZERO).build()) {
            SequenceAllocator allocator = ids.sequence(SequenceSpec.of("prefetch-fails").withBatch(10));
            for (int i = 0; i < 10; i++) {
                taken.add(allocator.next()); // a prefetch fails in the background; the current range still serves
            }
            assertThatThrownBy(allocator::next).isInstanceOf(IdAllocationException.class).hasCause(down);
            failure.set(null);
            for (int i = 0; i < 30; i++) {
                taken.add(allocator.next());
            }
        }

        assertThat(taken).hasSize(40).containsExactlyElementsOf(range(1, 40));
    }

    @Test
    @Timeout(30) // without the clean-up, the caller would wait for the dead reservation forever
    void aPrefetchKilledByAnErrorLeavesNoCallerWaiting() throws Exception {
        CountDownLatch entered = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        CounterStore dyingPrefetch = (counter, count) -> {
            if (Thread.currentThread().getName().equals("dying-prefetch")) {
                entered.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                throw new StackOverflowError("the prefetch dies");
            }
            return store.reserve(counter, count);
        };
        try (IdGenerators ids = IdGenerators.builder(dyingPrefetch)
                .prefetchThreads(task -> daemon(task, "dying-prefetch")).build()) {
            SequenceAllocator allocator = ids.sequence(SequenceSpec.of("dying").withBatch(4));
            for (long id = 1; id <= 4; id++) {
                assertThat(allocator.next()).isEqualTo(id);
            }
            entered.await(); // the prefetch of 5..8 is in flight, and will die
            AtomicReference<Long> fifth = new AtomicReference<>();
            Thread waiter = startWaiting(allocator, () -> fifth.set(allocator.next()));
            assertThat(fifth.get()).as("the caller waits for the prefetch").isNull();

            release.countDown();
            waiter.join();

            assertThat(fifth.get()).as("reserved by the waiting caller once the prefetch died").isEqualTo(5);
            assertThat(store.callsBy(waiter)).isEqualTo(1);
        }
    }

    @Test
    void inlineReservationsUseTheStoreOfTheCallAndNeverPrefetch() {
        RecordingCounterStore own = new RecordingCounterStore(counters);
        RecordingCounterStore inline = new RecordingCounterStore(counters);
        try (SequenceAllocator allocator = SequenceAllocator.open(SequenceSpec.of("inline").withBatch(5), own)) {
            List<Long> taken = new ArrayList<>();
            for (int i = 0; i < 20; i++) {
                taken.add(allocator.next(inline));
            }

            assertThat(taken).containsExactlyElementsOf(range(1, 20));
            assertThat(inline.countersCalled()).hasSize(4);
            assertThat(inline.callsBy(Thread.currentThread())).isEqualTo(4);
            assertThat(own.countersCalled()).isEmpty();
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
    void theBulkTakeGivesTheRestOfTheRangeInHandAndTheNextRangesIds() {
        SequenceSpec spec = SequenceSpec.of("bulk").withBatch(5).withPrefetch(false);
        try (SequenceAllocator allocator = SequenceAllocator.open(spec, store)) {
            assertThat(allocator.nextIds(3)).containsExactly(1, 2, 3);
            assertThat(allocator.nextIds(4)).as("two ranges").containsExactly(4, 5, 6, 7);
            assertThat(allocator.next()).isEqualTo(8);
            assertThat(allocator.nextIds(12)).as("more than a range").containsExactly(9, 10, 11, 12, 13, 14, 15, 16,
                    17, 18, 19, 20);
            assertThat(allocator.nextIds(0)).isEmpty();
            assertThatThrownBy(() -> allocator.nextIds(-1)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("-1");
            assertThat(allocator.snapshot().idsHandedOut()).isEqualTo(20);
        }
        assertThat(store.counts()).containsExactly(5L, 5L, 5L, 5L);
    }

    @Test
    void aBulkTakeThatFailsHalfWayThrowsTheSequencesFailureAndItsClaimedIdsAreGapsNeverHandedOut() {
        IllegalStateException down = new IllegalStateException("the store is down");
        try (IdGenerators ids = IdGenerators.builder(store).failureBackoff(Duration.ZERO).build()) {
            SequenceAllocator allocator = ids.sequence(SequenceSpec.of("bulk-fails").withBatch(5).withPrefetch(false));
            assertThat(allocator.nextIds(3)).containsExactly(1, 2, 3);
            store.failWith(down);
            assertThatThrownBy(() -> allocator.nextIds(4)).isInstanceOf(IdAllocationException.class)
                    .hasCause(down).hasMessageContaining("'bulk-fails'");
            store.failWith(null);

            assertThat(allocator.nextIds(2)).as("4 and 5 went to the failed call: gaps").containsExactly(6, 7);
        }
    }

    @Test
    void bulkTakesAndSingleTakesOnManyThreadsNeverHandOutAnIdTwice() throws Exception {
        Set<Long> taken = ConcurrentHashMap.newKeySet();
        AtomicLong handedOut = new AtomicLong();
        try (SequenceAllocator allocator = SequenceAllocator.open(SequenceSpec.of("mixed").withBatch(10), store)) {
            Concurrently.run(4, thread -> {
                for (int i = 0; i < 500; i++) {
                    long[] ids = thread % 2 == 0 ? allocator.nextIds(1 + i % 13) : new long[] {allocator.next()};
                    for (long id : ids) {
                        assertThat(taken.add(id)).as("id %d twice", id).isTrue();
                    }
                    handedOut.addAndGet(ids.length);
                }
            });
        }
        assertThat(taken).hasSize((int) handedOut.get()).allMatch(id -> id >= 1 && id <= counters.value("mixed"));
    }

    @Test
    void startZeroHandsOutZeroFirst() {
        try (SequenceAllocator allocator = SequenceAllocator.open(SequenceSpec.of("zero").withStart(0).withBatch(3),
                store)) {
            assertThat(allocator.next()).isZero();
            assertThat(allocator.next()).isEqualTo(1);
        }
    }

    @Test
    void aCallerFailingFastIsToldHowLongAgoTheReservationFailedAndWhenTheNextIsTried() {
        IllegalStateException down = new IllegalStateException("the store is down");
        AtomicLong calls = new AtomicLong();
        CounterStore failingTwice = (counter, count) -> {
            if (calls.incrementAndGet() <= 2) {
                throw down;
            }
            return counters.reserve(counter, count);
        };
        AtomicLong nanos = new AtomicLong(TimeUnit.SECONDS.toNanos(5)); // not 0: "ago" and "in" are differences
        try (PrefetchScheduler scheduler = PrefetchScheduler.ownThread(Duration.ofSeconds(1), "fail-fast-test");
                SequenceAllocator allocator = new SequenceAllocator(SequenceSpec.of("timed").withBatch(10)
                        .withPrefetch(false), failingTwice, Duration.ofSeconds(30), Duration.ofSeconds(1), 1,
                        scheduler, false, nanos::get)) {
            assertThatThrownBy(allocator::next).as("the caller whose reservation failed gets the store's failure")
                    .isInstanceOf(IdAllocationException.class).hasCause(down)
                    .hasMessageNotContaining("tried in");

            nanos.addAndGet(TimeUnit.MILLISECONDS.toNanos(300));
            assertThatThrownBy(allocator::next).as("within the back-off")
                    .isInstanceOf(IdAllocationException.class).hasCause(down)
                    .hasMessageContaining("the reservation 300 ms ago failed, and the next is tried in 700 ms")
                    .hasMessageEndingWith(": the store is down");
            assertThat(calls).as("failing fast asks the store nothing").hasValue(1);

            nanos.addAndGet(TimeUnit.MILLISECONDS.toNanos(700));
            assertThatThrownBy(allocator::next).as("at the end of the back-off the next caller reserves, and fails")
                    .isInstanceOf(IdAllocationException.class).hasCause(down).hasMessageNotContaining("tried in");
            assertThat(calls).hasValue(2);

            nanos.addAndGet(TimeUnit.SECONDS.toNanos(1));
            assertThat(allocator.next()).isEqualTo(1);
            assertThat(allocator.snapshot().failures()).isEqualTo(2);
        }
    }

    @Test
    @Timeout(30)
    void anAllocatorOpenedOnItsOwnPrefetchesOnADaemonThreadThatItsCloseEnds() throws Exception {
        SequenceAllocator allocator = SequenceAllocator.open(SequenceSpec.of("own-thread").withBatch(10), store);
        allocator.next(); // enters the prefetch schedule: the thread starts
        Thread prefetch = null;
        while (prefetch == null) {
            prefetch = Thread.getAllStackTraces().keySet().stream()
                    .filter(thread -> thread.getName().equals("keysmith-prefetch-own-thread")).findFirst().orElse(null);
            Thread.onSpinWait();
        }
        assertThat(prefetch.isDaemon()).as("it never keeps a JVM alive").isTrue();

        allocator.close();
        prefetch.join(TimeUnit.SECONDS.toMillis(5)); // its idle time is 10 s: only the close ends it sooner
        assertThat(prefetch.isAlive()).as("ended by the close").isFalse();
    }

    private static List<Long> range(long first, long last) {
        return LongStream.rangeClosed(first, last).boxed().collect(Collectors.toList());
    }

    private static Thread daemon(Runnable task, String name) {
        Thread thread = new Thread(task, name);
        thread.setDaemon(true);
        return thread;
    }

    private static Thread startThread(Runnable body) {
        Thread thread = new Thread(body, "caller");
        thread.start();
        return thread;
    }

    /**
     * Starts {@code body} on a new thread and returns once it counts as waiting for another's reservation in
     * {@code allocator}'s figures (a caller counts itself before it waits), or has ended.
     */
    static Thread startWaiting(SequenceAllocator allocator, Runnable body) {
        long waitsBefore = allocator.snapshot().waits();
        Thread waiter = new Thread(body, "waiter");
        waiter.start();
        while (allocator.snapshot().waits() == waitsBefore && waiter.isAlive()) {
            Thread.onSpinWait();
        }
        return waiter;
    }

    /** A store whose {@code n}-th call blocks until {@link #release} opens, then goes on to the delegate. */
    static final class BlockingCall implements CounterStore {

        final CountDownLatch entered = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);
        private final AtomicLong calls = new AtomicLong();
        private final long blockingCall;
        private final CounterStore delegate;

        private BlockingCall(long blockingCall, CounterStore delegate) {
            this.blockingCall = blockingCall;
            this.delegate = delegate;
        }

        static BlockingCall onCall(long n, CounterStore delegate) {
            return new BlockingCall(n, delegate);
        }

        @Override
        public long reserve(String counter, long count) {
            if (calls.incrementAndGet() == blockingCall) {
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
