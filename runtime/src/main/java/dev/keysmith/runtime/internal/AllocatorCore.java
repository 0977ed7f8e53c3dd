package dev.keysmith.runtime.internal;

import dev.keysmith.runtime.AsyncCounterStore;
import dev.keysmith.runtime.CounterStore;
import dev.keysmith.runtime.IdAllocationException;
import dev.keysmith.runtime.IdSpaceExhaustedException;
import dev.keysmith.runtime.SequenceSnapshot;
import dev.keysmith.runtime.SequenceSpec;
import dev.keysmith.runtime.internal.AllocatorState.Closed;
import dev.keysmith.runtime.internal.AllocatorState.Exhausted;
import dev.keysmith.runtime.internal.AllocatorState.Failed;
import dev.keysmith.runtime.internal.AllocatorState.Next;
import dev.keysmith.runtime.internal.AllocatorState.None;
import dev.keysmith.runtime.internal.AllocatorState.Range;
import dev.keysmith.runtime.internal.AllocatorState.Ready;
import dev.keysmith.runtime.internal.AllocatorState.Reserving;
import dev.keysmith.runtime.internal.AllocatorState.Want;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;

/**
 * What the decisions act on: the one {@link AllocatorState} (swapped by compare-and-set), the store calls (a blocking
 * one is a stage completed when it returns), and the one place a reservation settles ({@link #settle}: its outcome
 * into the state, then its waiters woken). Also the resync's cut, the exceptions that name the sequence, and, apart
 * from the decisions, the figures (written by the settling reservation) and the two log lines of an outage.
 *
 * <p>Thread-safe.
 */
public final class AllocatorCore {

    private final SequenceSpec spec;
    private final CounterRange[] ranges;
    private final Object store; // a CounterStore or an AsyncCounterStore
    final long allocationTimeoutNanos;
    private final long failureBackoffNanos;
    final PrefetchScheduler scheduler;
    private final LongSupplier clock;
    private final AtomicReference<AllocatorState> state = new AtomicReference<>(AllocatorState.INITIAL);
    final LongAdder waits = new LongAdder(); // callers that waited for another's reservation
    volatile long reservationIds; // per reservation from the allocator's store: only the prefetcher changes it
    volatile long reservations;
    private volatile long reservationNanos;
    private volatile long maxReservationNanos;
    volatile long lastReservationNanos;
    private volatile long failures;
    private volatile boolean failing;

    public AllocatorCore(SequenceSpec spec, Object store, Duration allocationTimeout, Duration failureBackoff,
            PrefetchScheduler scheduler, LongSupplier clock) {
        this.spec = spec;
        this.ranges = CounterRange.split(spec.start(), spec.lastValue(), spec.counters(), spec::counterName);
        this.store = store;
        this.allocationTimeoutNanos = allocationTimeout.toNanos();
        this.failureBackoffNanos = failureBackoff.toNanos();
        this.scheduler = scheduler;
        this.clock = clock;
        this.reservationIds = spec.batch();
    }

    public AllocatorState state() {
        return state.get();
    }

    public long now() {
        return clock.getAsLong();
    }

    String name() {
        return spec.name();
    }

    /** An id of the range in hand or of a reserved one, else {@link Range#USED_UP}: never waits nor reserves. */
    public long tryTake() {
        long id = state.get().current().take();
        while (id == Range.USED_UP) {
            AllocatorState now = state.get();
            switch (now.decide(Want.ID_NOW, now(), false, 0)) {
                case TAKE -> id = now.current().take();
                case INSTALL -> install(now);
                default -> {
                    return Range.USED_UP;
                }
            }
        }
        return id;
    }

    /** Installs {@code now}'s ready range, cut by a resync, unless the state moved on; an empty cut is dropped. */
    public void install(AllocatorState now) {
        Ready block = (Ready) now.next();
        long stale = rangeOf(block.first()).staleThrough();
        Range next = block.last() <= stale ? now.current().retired()
                : now.current().followedBy(Math.max(block.first(), stale + 1), block.last());
        state.compareAndSet(now, new AllocatorState(next, new None()));
    }

    /** Swaps in a reservation of the caller's own; null when the state changed first. */
    public Reserving begin(AllocatorState now) {
        Reserving mine = new Reserving();
        return state.compareAndSet(now, now.with(mine)) ? mine : null;
    }

    /** The prefetch's step: starts the reservation of the next range in the background if the decision says so. */
    public void prefetch() {
        AllocatorState now = state.get();
        Reserving mine = now.decide(Want.PREFETCH, now(), false, 0) == AllocatorState.Action.RESERVE ? begin(now) : null;
        if (mine != null) {
            reserve(mine, null, false);
        }
    }

    /**
     * Reserves {@code mine} through {@code inline} (one batch), else the allocator's store; on the calling thread if
     * it {@code mayBlock} or the store never blocks, else on the scheduler's thread. Settles it either way.
     */
    public void reserve(Reserving mine, CounterStore inline, boolean mayBlock) {
        if (!mayBlock && !(store instanceof AsyncCounterStore)) {
            onScheduler(mine, () -> reserve(mine, null, true));
            return;
        }
        long started = now();
        CompletionStage<Ready> reservation;
        try {
            reservation = reserve(inline != null ? inline : store, inline != null ? spec.batch() : reservationIds);
        } catch (RuntimeException e) { // the id space is used up
            reservation = CompletableFuture.failedFuture(e);
        } catch (Error e) {
            publish(mine, new None()); // leave nobody waiting for it
            throw e;
        }
        reservation.whenComplete((block, failure) -> settle(mine, block, failure, started));
    }

    /** Runs {@code task} on the scheduler's thread; once it is closed (with the allocators), settles {@code mine}. */
    private void onScheduler(Reserving mine, Runnable task) {
        try {
            scheduler.execute(task);
        } catch (RejectedExecutionException closed) {
            publish(mine, new None());
        }
    }

    /**
     * The one settle of a reservation: the figures, the outcome into the state (which wakes the waiters), then the
     * log line of an outage's start or end, last, so that nothing the log does can leave a waiter waiting.
     */
    private void settle(Reserving mine, Ready block, Throwable thrown, long started) {
        long now = now();
        Throwable failure = unwrapped(thrown);
        boolean wasFailing = failing;
        if (failure == null) {
            reservations++;
            reservationNanos += now - started;
            lastReservationNanos = now - started;
            maxReservationNanos = Math.max(maxReservationNanos, now - started);
            failing = false;
            publish(mine, block);
        } else if (failure instanceof IdSpaceExhaustedException || failure instanceof Error) {
            publish(mine, failure instanceof Error ? new None() : new Exhausted()); // a stage that died: no back-off
        } else if (Thread.currentThread().isInterrupted() || causedByInterrupt(failure)) {
            // the reserving thread was interrupted (a caller, a cancelled subscription): not the store's failure, so
            // no back-off; the waiters reserve again, from the scheduler's thread rather than the interrupted one
            onScheduler(mine, () -> publish(mine, new None()));
        } else {
            failures++;
            failing = true;
            boolean ours = failure instanceof IdAllocationException;
            publish(mine, new Failed(ours ? ((IdAllocationException) failure).counter() : null,
                    ours && failure.getCause() != null ? failure.getCause() : failure, now, now + failureBackoffNanos));
        }
        if (wasFailing != failing) {
            Log.LOGGER.log(failing ? Level.WARNING : Level.INFO, failing ? "sequence '" + spec.name() + "': reserving"
                    + " ids failed; callers fail fast for " + Duration.ofNanos(failureBackoffNanos) + " after each"
                    + " failed attempt until the store answers" : "sequence '" + spec.name() + "': reservations succeed"
                    + " again (" + failures + " failed so far)", failing ? failure : null);
        }
    }

    private static Throwable unwrapped(Throwable thrown) {
        return thrown instanceof CompletionException && thrown.getCause() != null ? thrown.getCause() : thrown;
    }

    private static boolean causedByInterrupt(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (cause instanceof InterruptedException || cause instanceof java.io.InterruptedIOException) {
                return true;
            }
        }
        return false;
    }

    /** Replaces {@code mine} by {@code outcome} (unless the allocator was closed meanwhile) and wakes its waiters. */
    private void publish(Reserving mine, Next outcome) {
        AllocatorState now;
        do {
            now = state.get();
        } while (now.next() == mine && !state.compareAndSet(now, now.with(outcome)));
        mine.settled().complete(null);
    }

    /** Reserves a block from a counter picked at random among those not known to be exhausted. */
    private CompletionStage<Ready> reserve(Object via, long count) {
        CounterRange range = pickRange();
        CompletionStage<Long> offset;
        try {
            offset = via instanceof AsyncCounterStore async ? async.reserve(range.counter(), count, range.counterLimit())
                    : CompletableFuture.completedFuture(((CounterStore) via).reserve(range.counter(), count,
                    range.counterLimit()));
        } catch (RuntimeException e) {
            offset = CompletableFuture.failedFuture(e);
        }
        return offset.handle((value, failure) -> {
            Throwable cause = unwrapped(failure);
            if (cause instanceof Error error) {
                throw error;
            } else if (cause != null || value == null) {
                throw new IdAllocationException(spec.name(), range.counter(), cause != null ? cause
                        : new IllegalStateException("the counter store completed the reservation without a value"));
            }
            return range.idsOf(value, count);
        }).thenCompose(block -> block != null ? CompletableFuture.completedFuture(block) : reserve(via, count));
    }

    private CounterRange pickRange() {
        int open = 0;
        for (CounterRange range : ranges) {
            open += range.isExhausted() ? 0 : 1;
        }
        for (int pick = open == 0 ? 0 : ThreadLocalRandom.current().nextInt(open), i = 0; i < ranges.length; i++) {
            if (!ranges[i].isExhausted() && pick-- == 0) {
                return ranges[i];
            }
        }
        throw exhausted();
    }

    private IdSpaceExhaustedException exhausted() {
        return new IdSpaceExhaustedException(spec.name(), spec.start(), spec.lastValue(), spec.exhaustionHint());
    }

    /**
     * The resync hook: never hands out an id at or below {@code largestTaken} of the counter range that holds it.
     * Raises the bound, cuts the range in hand, then swaps the state for an equal one: an install that read the bound
     * before it rose decided on the state swapped out, so its compare-and-set fails and it decides again with the
     * bound raised (else it could install a range that the cut never saw).
     */
    public void skipThrough(long largestTaken) {
        CounterRange range = rangeOf(largestTaken);
        if (range == null) {
            return;
        }
        range.skipThrough(largestTaken);
        AllocatorState now;
        do {
            now = state.get();
            if (now.current().left() > 0 && rangeOf(now.current().first()) == range) {
                now.current().skipThrough(largestTaken);
            }
        } while (!state.compareAndSet(now, new AllocatorState(now.current(), now.next())));
    }

    private CounterRange rangeOf(long id) {
        for (CounterRange range : ranges) {
            if (id >= range.first() && id <= range.last()) {
                return range;
            }
        }
        return null;
    }

    /** Closes: waiters and later callers find the state closed; a reservation in flight is dropped when it lands. */
    public void close() {
        if (state.getAndUpdate(now -> new AllocatorState(now.current().retired(), new Closed())).next()
                instanceof Reserving flight) {
            flight.settled().complete(null);
        }
    }

    public SequenceSnapshot snapshot() {
        AllocatorState now = state.get();
        return new SequenceSnapshot(spec.name(), now.current().handedOut(), now.current().left(),
                now.next() instanceof Ready ready ? ready.size() : 0, reservations,
                Duration.ofNanos(reservationNanos), Duration.ofNanos(maxReservationNanos), failures, waits.sum(),
                failing);
    }

    /**
     * The exception of a caller that decided to fail in {@code now}: the failure of a reservation it waited for as
     * the store gave it, another one's as failing fast.
     */
    public RuntimeException failure(AllocatorState now, boolean waited, long waitedSince) {
        if (now.next() instanceof Failed f && waited && f.atNanos() - waitedSince >= 0) {
            return new IdAllocationException(spec.name(), f.counter(), f.cause());
        } else if (now.next() instanceof Failed f) {
            return new IdAllocationException(spec.name(), f.counter(), "could not reserve ids for sequence '"
                    + spec.name() + "' from counter '" + f.counter() + "': the reservation "
                    + TimeUnit.NANOSECONDS.toMillis(now() - f.atNanos()) + " ms ago failed, and the next is tried in "
                    + Math.max(1, TimeUnit.NANOSECONDS.toMillis(f.retryAtNanos() - now())) + " ms: "
                    + f.cause().getMessage(), f.cause());
        } else if (now.next() instanceof Exhausted) {
            return exhausted();
        }
        return new IllegalStateException("the allocator of sequence '" + spec.name() + "' is closed");
    }

    public IdAllocationException timedOut() {
        return new IdAllocationException(spec.name(), null, "no range of sequence '" + spec.name()
                + "' came within the allocation timeout of " + Duration.ofNanos(allocationTimeoutNanos)
                + ": a reservation is still in flight (is the store slow or unreachable?)", null);
    }

    @Override
    public String toString() {
        return "sequence '" + spec.name() + "'";
    }

    /** The logger, looked up on the first message: a fresh JVM pays milliseconds for it. */
    static final class Log {
        static final System.Logger LOGGER = System.getLogger("dev.keysmith.runtime.SequenceAllocator");
    }
}
