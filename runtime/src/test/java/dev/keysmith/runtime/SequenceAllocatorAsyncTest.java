package dev.keysmith.runtime;

import static dev.keysmith.runtime.testing.PrefetchPacing.awaitTheNextRangeWhenUsedUp;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keysmith.runtime.testing.Concurrently;
import dev.keysmith.runtime.testing.InMemoryCounterStore;
import dev.keysmith.runtime.testing.ManualAsyncCounterStore;
import dev.keysmith.runtime.testing.ManualTimers;
import dev.keysmith.runtime.testing.RecordingCounterStore;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.LongStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** {@link SequenceAllocator#nextAsync()}: the non-blocking way in, over both kinds of store. */
@Timeout(60)
class SequenceAllocatorAsyncTest {

    private final ManualAsyncCounterStore manual = new ManualAsyncCounterStore();
    private final ExecutorService storeThreads = Executors.newFixedThreadPool(2, task -> {
        Thread thread = new Thread(task, "store-thread");
        thread.setDaemon(true);
        return thread;
    });

    @AfterEach
    void stopStoreThreads() {
        storeThreads.shutdownNow();
    }

    @Test
    void tryNextGivesTheIdsInHandAndNoneReadyOtherwiseWithoutStartingAReservation() throws Exception {
        SequenceAllocator allocator = SequenceAllocator.openAsync(
                SequenceSpec.of("try").withBatch(3).withPrefetch(false), manual);
        assertThat(allocator.tryNext()).as("nothing reserved yet").isEqualTo(SequenceAllocator.NONE_READY);
        assertThat(manual.calls()).as("tryNext never reserves").isZero();

        CompletableFuture<Long> first = allocator.nextAsync();
        manual.completeNext();
        assertThat(first).isCompletedWithValue(1L);
        assertThat(allocator.tryNext()).isEqualTo(2);
        assertThat(allocator.nextAsync()).isCompletedWithValue(3L);
        assertThat(allocator.tryNext()).as("the range is used up").isEqualTo(SequenceAllocator.NONE_READY);
        assertThat(manual.calls()).isEqualTo(1);

        CompletableFuture<Long> fourth = allocator.nextAsync(); // reserves the next range
        assertThat(allocator.tryNext()).as("while it is in flight").isEqualTo(SequenceAllocator.NONE_READY);
        manual.completeNext();
        assertThat(fourth).isCompletedWithValue(4L);
        assertThat(allocator.tryNext()).isEqualTo(5);

        allocator.close();
        assertThat(allocator.tryNext()).as("closed").isEqualTo(SequenceAllocator.NONE_READY);
        assertThat(allocator.nextAsync()).isCompletedExceptionally();
        assertThat(manual.calls()).isEqualTo(2);
    }

    @Test
    void tryNextSwitchesToAReservedRange() {
        InMemoryCounterStore counters = new InMemoryCounterStore();
        try (SequenceAllocator allocator = SequenceAllocator.open(SequenceSpec.of("switch").withBatch(10), counters)) {
            List<Long> taken = new ArrayList<>();
            taken.add(allocator.next());
            for (int i = 1; i < 1_000; i++) {
                awaitTheNextRangeWhenUsedUp(allocator); // the prefetch keeps a range ready
                long id = allocator.tryNext();
                assertThat(id).as("id %d", i + 1).isNotEqualTo(SequenceAllocator.NONE_READY);
                taken.add(id);
            }
            assertThat(taken).containsExactlyElementsOf(range(1, 1_000));
        }
    }

    @Test
    void anIdFromTheRangeBeingHandedOutIsAnAlreadyCompletedFuture() throws Exception {
        try (SequenceAllocator allocator = SequenceAllocator.openAsync(
                SequenceSpec.of("completed").withBatch(10).withPrefetch(false), manual)) {
            CompletableFuture<Long> first = allocator.nextAsync();
            assertThat(first).as("the first range is being reserved").isNotDone();
            manual.completeNext();
            assertThat(first).isCompletedWithValue(1L);

            for (long id = 2; id <= 10; id++) {
                assertThat(allocator.nextAsync()).isCompletedWithValue(id);
            }
            assertThat(manual.calls()).isEqualTo(1);
        }
    }

    @Test
    void callersThatNeedARangeWaitAsContinuationsOfTheOneReservationRunByTheThreadThatCompletesIt() throws Exception {
        try (SequenceAllocator allocator = SequenceAllocator.openAsync(
                SequenceSpec.of("continuations").withBatch(10).withPrefetch(false), manual)) {
            List<CompletableFuture<Long>> ids = new ArrayList<>();
            List<Thread> completedOn = new CopyOnWriteArrayList<>();
            for (int i = 0; i < 16; i++) {
                CompletableFuture<Long> id = allocator.nextAsync();
                id.thenRun(() -> completedOn.add(Thread.currentThread()));
                ids.add(id);
            }
            assertThat(manual.calls()).as("one reservation in flight for sixteen callers").isEqualTo(1);
            assertThat(ids).noneMatch(CompletableFuture::isDone);

            Thread completer = new Thread(() -> {
                try {
                    manual.completeNext(); // ids 1..10; the eleventh caller starts the next reservation, here
                    manual.completeNext();
                } catch (InterruptedException e) {
                    throw new AssertionError(e);
                }
            }, "completer");
            completer.start();
            completer.join();

            assertThat(ids).allMatch(CompletableFuture::isDone);
            assertThat(ids.stream().map(CompletableFuture::join)).containsExactlyInAnyOrderElementsOf(range(1, 16));
            assertThat(completedOn).hasSize(16).allMatch(thread -> thread == completer);
            assertThat(manual.calls()).isEqualTo(2);
            assertThat(allocator.snapshot().waits()).isEqualTo(15);
        }
    }

    @Test
    void aFailedReservationFailsEveryWaiterWithItsCauseOnceAndCallersFailFastDuringTheBackOff() throws Exception {
        IllegalStateException down = new IllegalStateException("the store is down");
        try (IdGenerators ids = IdGenerators.asyncBuilder(manual).failureBackoff(Duration.ofMinutes(1)).build()) {
            SequenceAllocator allocator = ids.sequence(SequenceSpec.of("shared-failure").withBatch(10));
            List<CompletableFuture<Long>> waiting = new ArrayList<>();
            for (int i = 0; i < 16; i++) {
                waiting.add(allocator.nextAsync());
            }
            manual.failNext(down);

            assertThat(waiting).allSatisfy(id -> assertThatThrownBy(id::join).isInstanceOf(CompletionException.class)
                    .cause().isInstanceOf(IdAllocationException.class).hasCause(down)
                    .hasMessageContaining("'shared-failure'"));
            assertThat(waiting.get(0).handle((id, e) -> e).join()).as("each caller its own exception")
                    .isNotSameAs(waiting.get(1).handle((id, e) -> e).join());
            CompletableFuture<Long> duringBackOff = allocator.nextAsync();
            assertThat(duringBackOff).as("fails fast, at once").isCompletedExceptionally();
            assertThatThrownBy(duringBackOff::join).cause().isInstanceOf(IdAllocationException.class)
                    .hasCause(down).hasMessageContaining("tried in");
            assertThat(manual.calls()).isEqualTo(1);
            assertThat(allocator.snapshot().failures()).isEqualTo(1);
            assertThat(allocator.snapshot().failing()).isTrue();
        }
    }

    @Test
    void aWaitLongerThanTheAllocationTimeoutCompletesExceptionallyAndTakesNoId() throws Exception {
        try (IdGenerators ids = IdGenerators.asyncBuilder(manual).allocationTimeout(Duration.ofMillis(50)).build()) {
            SequenceAllocator allocator = ids.sequence(SequenceSpec.of("deadline").withBatch(10));
            CompletableFuture<Long> timedOut = allocator.nextAsync();

            assertThatThrownBy(timedOut::join).cause().isInstanceOf(IdAllocationException.class)
                    .hasMessageContaining("allocation timeout").hasMessageContaining("'deadline'");
            manual.completeNext(); // the reservation comes after all
            assertThat(allocator.nextAsync().get(60, TimeUnit.SECONDS)).as("the timed-out caller took none").isEqualTo(1);
        }
    }

    @Test
    void everyWaiterOfAReservationThatNeverComesTimesOutWithItsOwnErrorThroughTheReservationsOneTimer()
            throws Exception {
        try (IdGenerators ids = IdGenerators.asyncBuilder(manual).allocationTimeout(Duration.ofMillis(50)).build()) {
            SequenceAllocator allocator = ids.sequence(SequenceSpec.of("all-late").withBatch(10).withPrefetch(false));
            List<CompletableFuture<Long>> waiting = new ArrayList<>();
            for (int i = 0; i < 32; i++) {
                waiting.add(allocator.nextAsync());
            }

            List<Throwable> failures = new ArrayList<>();
            for (CompletableFuture<Long> id : waiting) {
                failures.add(id.handle((value, e) -> e).get(30, TimeUnit.SECONDS));
            }
            assertThat(failures).allSatisfy(failure -> assertThat(failure).isInstanceOf(IdAllocationException.class)
                    .hasMessageContaining("allocation timeout").hasMessageContaining("'all-late'"));
            assertThat(failures).doesNotHaveDuplicates(); // each its own instance
            assertThat(manual.calls()).as("one reservation for all of them").isEqualTo(1);
            manual.completeNext();
            assertThat(allocator.nextAsync().get(60, TimeUnit.SECONDS)).as("nobody took an id").isEqualTo(1);
        }
    }

    /**
     * The flight's one timer, on a clock the test moves and a scheduler whose tasks only the test runs: each
     * non-blocking waiter times out at its own deadline, and the timer arms again for those left.
     */
    @Test
    void theFlightsOneTimerTimesOutEachWaiterAtItsOwnDeadlineAndArmsAgainForTheRest() throws Exception {
        AtomicLong clock = new AtomicLong();
        try (ManualTimers timers = new ManualTimers();
                SequenceAllocator allocator = timedOutIn(Duration.ofNanos(100), "timed", timers, clock)) {
            CompletableFuture<Long> first = allocator.nextAsync(); // reserves, and waits from 0: due at 100
            clock.set(60);
            CompletableFuture<Long> second = allocator.nextAsync(); // due at 160
            assertThat(timers.queued()).as("one timer for both").isEqualTo(1);

            clock.set(100);
            timers.runNext();
            assertThatThrownBy(first::join).cause().isInstanceOf(IdAllocationException.class)
                    .hasMessageContaining("allocation timeout").hasMessageContaining("'timed'");
            assertThat(second).isNotDone();
            assertThat(timers.queued()).as("armed again for the one left").isEqualTo(1);

            clock.set(159);
            timers.runNext();
            assertThat(second).as("not due yet").isNotDone();
            assertThat(timers.queued()).as("armed again, still for the one left").isEqualTo(1);
            clock.set(160);
            timers.runNext();
            assertThatThrownBy(second::join).cause().hasMessageContaining("allocation timeout");
            assertThat(timers.queued()).as("nobody left: not armed again").isZero();

            manual.completeNext(); // the reservation comes after all
            assertThat(allocator.nextAsync().join()).as("neither timed-out caller took an id").isEqualTo(1);
            assertThat(manual.calls()).isEqualTo(1);
        }
    }

    /** A waiter that comes after the flight's timer fired and found nobody arms it again for itself. */
    @Test
    void aWaiterAfterTheTimerFoundNobodyArmsItAgain() throws Exception {
        AtomicLong clock = new AtomicLong();
        try (ManualTimers timers = new ManualTimers();
                SequenceAllocator allocator = timedOutIn(Duration.ofNanos(100), "rearmed", timers, clock)) {
            CompletableFuture<Long> cancelled = allocator.nextAsync();
            cancelled.cancel(false);
            clock.set(100);
            timers.runNext();
            assertThat(timers.queued()).as("nobody waits: not armed").isZero();

            CompletableFuture<Long> later = allocator.nextAsync(); // due at 200
            assertThat(timers.queued()).as("armed by the new waiter").isEqualTo(1);
            clock.set(200);
            timers.runNext();
            assertThatThrownBy(later::join).cause().hasMessageContaining("allocation timeout");
            assertThat(timers.queued()).isZero();
        }
    }

    /**
     * After a time-out the timer arms for the earliest deadline left, not the latest nor the next to arrive. The
     * clock goes back for the third waiter (any order of deadlines is possible: a take waits from its first wait), and
     * the delay it was armed with is checked exactly, between the bounds the real clock allows whatever the load.
     */
    @Test
    void theTimerArmsAgainForTheEarliestDeadlineLeft() throws Exception {
        AtomicLong clock = new AtomicLong();
        long second = TimeUnit.SECONDS.toNanos(1);
        try (ManualTimers timers = new ManualTimers();
                SequenceAllocator allocator = timedOutIn(Duration.ofSeconds(100), "earliest", timers, clock)) {
            CompletableFuture<Long> first = allocator.nextAsync(); // due at 100 s
            clock.set(60 * second);
            CompletableFuture<Long> late = allocator.nextAsync(); // due at 160 s
            clock.set(30 * second);
            CompletableFuture<Long> early = allocator.nextAsync(); // due at 130 s

            clock.set(100 * second);
            timers.runNext();
            assertThat(first).isCompletedExceptionally();
            long[] armed = timers.nextDelayBoundsNanos();
            assertThat(30 * second).as("armed for 130 s, 30 s from now").isBetween(armed[0], armed[1]);
            clock.set(130 * second);
            timers.runNext();
            assertThat(early).isCompletedExceptionally();
            assertThat(late).isNotDone();
            armed = timers.nextDelayBoundsNanos();
            assertThat(30 * second).as("then for 160 s, 30 s from 130 s").isBetween(armed[0], armed[1]);
        }
    }

    /** An allocator over the manual store whose clock and timers the test drives. */
    private SequenceAllocator timedOutIn(Duration timeout, String name, ManualTimers timers, AtomicLong clock) {
        return new SequenceAllocator(SequenceSpec.of(name).withBatch(10).withPrefetch(false), manual, timeout,
                Duration.ofSeconds(1), 1, timers.scheduler(), false, clock::get);
    }

    @Test
    void aReservationFailingBecauseItsStartingThreadWasInterruptedIsNoStoreFailureTheWaitersReserveAgain()
            throws Exception {
        try (IdGenerators ids = IdGenerators.asyncBuilder(manual).failureBackoff(Duration.ofMinutes(1)).build()) {
            SequenceAllocator allocator = ids.sequence(SequenceSpec.of("interrupted").withBatch(10)
                    .withPrefetch(false));
            List<CompletableFuture<Long>> waiting = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                waiting.add(allocator.nextAsync());
            }
            // as the driver fails a call whose thread a cancelled subscription interrupted
            manual.failNext(new IllegalStateException("Interrupted waiting for lock", new InterruptedException()));
            manual.completeNext(); // the reservation made again, from the scheduler's thread

            List<Long> got = new ArrayList<>();
            for (CompletableFuture<Long> id : waiting) {
                got.add(id.get(30, TimeUnit.SECONDS));
            }
            assertThat(got).containsExactlyInAnyOrderElementsOf(range(1, 8));
            assertThat(allocator.snapshot().failures()).as("not the store's failure: no back-off").isZero();
            assertThat(manual.calls()).isEqualTo(2);
        }
    }

    @Test
    void cancelledCallersLoseNoIdToAnyoneElseAndNeverCauseADuplicate() throws Exception {
        try (SequenceAllocator allocator = SequenceAllocator.openAsync(
                SequenceSpec.of("cancelled").withBatch(50).withPrefetch(false), manual)) {
            List<CompletableFuture<Long>> kept = new ArrayList<>();
            List<CompletableFuture<Long>> cancelled = new ArrayList<>();
            for (int i = 0; i < 1_000; i++) {
                (i % 2 == 0 ? kept : cancelled).add(allocator.nextAsync());
            }
            cancelled.forEach(id -> id.cancel(false));
            while (!kept.stream().allMatch(CompletableFuture::isDone)) {
                manual.completeNext();
            }
            List<CompletableFuture<Long>> later = new ArrayList<>();
            for (int i = 0; i < 100; i++) {
                later.add(allocator.nextAsync());
            }
            while (!later.stream().allMatch(CompletableFuture::isDone)) {
                manual.completeNext();
            }

            Set<Long> handedOut = ConcurrentHashMap.newKeySet();
            for (CompletableFuture<Long> id : kept) {
                assertThat(handedOut.add(id.join())).isTrue();
            }
            for (CompletableFuture<Long> id : later) {
                assertThat(handedOut.add(id.join())).as("no id of a cancelled caller handed out again").isTrue();
            }
            assertThat(cancelled).allSatisfy(id -> assertThatThrownBy(id::join)
                    .isInstanceOf(CancellationException.class));
            assertThat(handedOut).hasSize(600).allMatch(id -> id >= 1 && id <= manual.value("cancelled"));
        }
    }

    @Test
    void blockingAndNonBlockingCallersShareOneSequenceWithoutAnIdTwice() throws Exception {
        InMemoryCounterStore counters = new InMemoryCounterStore();
        AsyncCounterStore offThread = (counter, count) ->
                CompletableFuture.supplyAsync(() -> counters.reserve(counter, count), storeThreads);
        Set<Long> taken = ConcurrentHashMap.newKeySet();
        try (IdGenerators ids = IdGenerators.createAsync(offThread)) {
            SequenceAllocator allocator = ids.sequence(SequenceSpec.of("both").withBatch(50));
            Concurrently.run(8, thread -> {
                for (int i = 0; i < 2_000; i++) {
                    long id = thread % 2 == 0 ? allocator.next() : allocator.nextAsync().get(30, TimeUnit.SECONDS);
                    assertThat(taken.add(id)).as("id %d handed out twice", id).isTrue();
                }
            });
        }
        assertThat(taken).hasSize(16_000).allMatch(id -> id >= 1 && id <= counters.value("both"));
    }

    @Test
    void overABlockingStoreNonBlockingCallersNeverCallTheStoreOnTheirOwnThread() {
        RecordingCounterStore store = new RecordingCounterStore(new InMemoryCounterStore());
        Thread caller = Thread.currentThread();
        try (SequenceAllocator allocator = SequenceAllocator.open(SequenceSpec.of("hop").withBatch(1), store)) {
            List<Long> taken = new ArrayList<>();
            for (int i = 0; i < 100; i++) {
                taken.add(allocator.nextAsync().join());
            }
            assertThat(taken).containsExactlyElementsOf(range(1, 100));
        }
        assertThat(store.callsBy(caller)).isZero();
        assertThat(store.callsByOthersThan(caller)).isEqualTo(100);
    }

    @Test
    void withPrefetchNonBlockingCallersGetCompletedFuturesInSteadyStateAndTheCallerReservesOnlyTheFirstRange() {
        InMemoryCounterStore counters = new InMemoryCounterStore();
        List<Thread> reservedOn = new CopyOnWriteArrayList<>();
        List<Long> reservedCounts = new CopyOnWriteArrayList<>();
        AsyncCounterStore recording = (counter, count) -> {
            reservedOn.add(Thread.currentThread());
            reservedCounts.add(count);
            return CompletableFuture.supplyAsync(() -> counters.reserve(counter, count), storeThreads);
        };
        Thread caller = Thread.currentThread();
        try (SequenceAllocator allocator = SequenceAllocator.openAsync(SequenceSpec.of("warm").withBatch(100),
                recording)) {
            List<Long> taken = new ArrayList<>();
            taken.add(allocator.nextAsync().join());
            for (int i = 1; i < 10_000; i++) {
                awaitTheNextRangeWhenUsedUp(allocator);
                CompletableFuture<Long> id = allocator.nextAsync();
                assertThat(id).as("id %d", i + 1).isDone();
                taken.add(id.join());
            }
            assertThat(taken).containsExactlyElementsOf(range(1, 10_000));
            assertThat(allocator.snapshot().waits()).isZero();
        }
        assertThat(reservedOn.stream().filter(thread -> thread == caller)).as("the first range").hasSize(1);
        assertThat(reservedCounts).as("whole batches, at most the most a prefetch may take")
                .allSatisfy(count -> assertThat(count % 100).isZero())
                .allSatisfy(count -> assertThat(count).isBetween(100L, 100L * 16));
        assertThat(reservedCounts.stream().mapToLong(Long::longValue).sum()).as("ids reserved")
                .isGreaterThanOrEqualTo(10_000);
    }

    @Test
    void stripedCountersHandOutEveryValueOnceThenCompleteWithTheSpaceExhausted() {
        InMemoryCounterStore counters = new InMemoryCounterStore();
        AsyncCounterStore offThread = (counter, count) ->
                CompletableFuture.supplyAsync(() -> counters.reserve(counter, count), storeThreads);
        List<Long> taken = new ArrayList<>();
        try (SequenceAllocator allocator = SequenceAllocator.openAsync(
                SequenceSpec.of("stripes").withCounters(4, 3).withBatch(7), offThread)) {
            while (true) {
                CompletableFuture<Long> id = allocator.nextAsync();
                try {
                    taken.add(id.join());
                } catch (CompletionException e) {
                    assertThat(e.getCause()).isInstanceOf(IdSpaceExhaustedException.class)
                            .hasMessageContaining("'stripes'").hasMessageContaining("[1, 999]");
                    break;
                }
            }
            assertThatThrownBy(allocator::next).isInstanceOf(IdSpaceExhaustedException.class);
        }
        assertThat(taken).containsExactlyInAnyOrderElementsOf(range(1, 999));
    }

    @Test
    void closingCompletesTheWaitersExceptionallyAndLaterCallsToo() throws Exception {
        SequenceAllocator allocator = SequenceAllocator.openAsync(SequenceSpec.of("closing").withBatch(4), manual);
        CompletableFuture<Long> waiting = allocator.nextAsync();

        allocator.close();
        manual.completeNext();

        assertThatThrownBy(waiting::join).cause().isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("'closing'");
        assertThatThrownBy(allocator.nextAsync()::join).cause().isInstanceOf(IllegalStateException.class);
        assertThat(allocator.snapshot().idsHandedOut()).isZero();
    }

    @Test
    void aBlockingCallerOverAnAsyncStoreWaitsForTheReservationItStarted() throws Exception {
        try (SequenceAllocator allocator = SequenceAllocator.openAsync(
                SequenceSpec.of("blocking-over-async").withBatch(3).withPrefetch(false), manual)) {
            CompletableFuture<Long> blocking = CompletableFuture.supplyAsync(allocator::next, storeThreads);
            manual.completeNext();
            assertThat(blocking.get(60, TimeUnit.SECONDS)).isEqualTo(1);
            assertThat(allocator.next()).isEqualTo(2);
        }
    }

    private static List<Long> range(long first, long last) {
        return LongStream.rangeClosed(first, last).boxed().toList();
    }
}
