package dev.keysmith.runtime;

import dev.keysmith.runtime.internal.CounterRange;
import dev.keysmith.runtime.internal.IdBlock;
import dev.keysmith.runtime.internal.IdRange;
import dev.keysmith.runtime.internal.NextRange;
import dev.keysmith.runtime.internal.NextRange.Failed;
import dev.keysmith.runtime.internal.NextRange.IdAllocationFailure;
import dev.keysmith.runtime.internal.NextRange.Ready;
import dev.keysmith.runtime.internal.NextRange.Reserving;
import dev.keysmith.runtime.internal.PrefetchScheduler;
import dev.keysmith.runtime.internal.ReservationTimer;
import dev.keysmith.runtime.internal.Prefetcher;
import java.lang.System.Logger.Level;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.BiConsumer;

/**
 * Hands out the ids of one sequence from ranges reserved in a counter store: the optimizer of Hibernate's
 * "optimizer plus access callback", with the store as the callback. Two ways in share one core: {@link #next()},
 * which may wait, and {@link #nextAsync()}, which never does.
 *
 * <p>Each reservation takes {@code batch} values from one counter (picked at random among the counters that are
 * not exhausted, when there are several) and the allocator hands them out one by one. Values of a range that is not
 * used up (the allocator is closed, the process stops, a non-blocking caller cancelled) are never handed out again:
 * gaps, never duplicates.
 *
 * <p><b>No lock.</b> An id of the range being handed out costs one atomic increment. The rest of the state (the
 * next range: none, in flight, reserved, or failed) is one immutable value swapped by compare-and-set, so a caller
 * never waits for a lock, only, when the range is used up, for the reservation of the next.
 *
 * <p><b>Single flight.</b> At most one reservation per sequence is in flight. A caller that finds the range used up
 * while a reservation runs waits for it and shares its outcome: its range, or its failure. A blocking caller waits
 * on the reservation's future; a non-blocking one becomes a continuation of it, run by the thread that completes
 * it. After a failure, callers fail fast with that failure for the back-off ({@link IdGenerators.Builder#failureBackoff});
 * then the next caller tries again. So an outage costs each caller at most one store timeout, never one per caller
 * queued before it.
 *
 * <p><b>Prefetch.</b> With {@code prefetch} (and {@code batch > 1}), the next range is reserved in the background
 * before the current one runs out, so that in steady state no caller waits on the store, whichever way it came in.
 * The thread of the {@link IdGenerators}' scheduler decides when ({@code internal.Prefetcher}); a caller only
 * enters the sequence into its schedule when it is not in it (first use, after idling).
 *
 * <p><b>Bounded waits.</b> A caller never waits for another's reservation longer than the allocation timeout
 * ({@link IdGenerators.Builder#allocationTimeout}); a non-blocking one gets a stage completed exceptionally then.
 * An interrupted blocking caller gets {@link IdAllocationException} caused by {@link InterruptedException}, with its
 * interrupt flag set. A blocking caller that reserves itself is bounded by the store's own timeouts (for MongoDB,
 * the client's server-selection and socket timeouts).
 *
 * <p><b>Stores.</b> Over a {@link CounterStore}, a blocking caller reserves on its own thread, and a non-blocking
 * caller has the reservation made on the scheduler's thread. Over an {@link AsyncCounterStore}, every reservation
 * is started where it is needed and completes on the store's threads; a blocking caller waits for it.
 * {@link #next(CounterStore)} reserves through a store given per call (Hibernate's native route: {@code nextval}
 * on the caller's own connection) and never prefetches.
 *
 * <p>Logging ({@link System.Logger} {@code dev.keysmith.runtime.SequenceAllocator}): one warning when reservations
 * start failing, one info line when they succeed again; nothing else.
 *
 * <pre>{@code
 * try (SequenceAllocator invoices = SequenceAllocator.open(SequenceSpec.of("invoices").withBatch(100), store)) {
 *     long number = invoices.next();
 *     invoices.nextAsync().thenAccept(id -> ...);   // never blocks this thread
 * }
 * }</pre>
 *
 * <p>Thread-safe.
 */
public final class SequenceAllocator implements AutoCloseable {

    private static final VarHandle STATE;

    static {
        try {
            STATE = MethodHandles.lookup().findVarHandle(SequenceAllocator.class, "state", State.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final SequenceSpec spec;
    private final CounterStore store; // null over an AsyncCounterStore
    private final AsyncCounterStore asyncStore; // null over a CounterStore
    private final CounterRange[] ranges;
    private final long allocationTimeoutNanos;
    private final long failureBackoffNanos;
    private final PrefetchScheduler scheduler;
    private final boolean ownsScheduler;
    private final Prefetcher prefetcher; // null without prefetch
    private final AtomicLongArray staleThrough; // per counter range: ids up to this one are taken (resync); only raised

    private volatile State state = new State(IdRange.EMPTY, NextRange.NONE, false);
    // how many ids a reservation from the allocator's store takes: the batch, or a multiple the prefetcher sets
    private volatile long reservationIds;

    // Written by the one reservation in flight, before it publishes its outcome; read by snapshots and the prefetch.
    private volatile boolean spaceExhausted;
    private volatile boolean failing;
    private volatile long reservations;
    private volatile long reservationNanos;
    private volatile long maxReservationNanos;
    private volatile long lastReservationNanos;
    private volatile long failures;
    private final LongAdder waits = new LongAdder();

    SequenceAllocator(SequenceSpec spec, CounterStore store, AsyncCounterStore asyncStore, Duration allocationTimeout,
            Duration failureBackoff, int prefetchBatches, PrefetchScheduler scheduler, boolean ownsScheduler) {
        this.spec = Objects.requireNonNull(spec, "spec");
        this.store = store;
        this.asyncStore = asyncStore;
        this.ranges = CounterRange.split(spec.start(), spec.lastValue(), spec.counters(), spec::counterName);
        this.allocationTimeoutNanos = allocationTimeout.toNanos();
        this.failureBackoffNanos = failureBackoff.toNanos();
        this.scheduler = scheduler;
        this.ownsScheduler = ownsScheduler;
        this.prefetcher = spec.prefetch() && spec.batch() > 1
                ? new Prefetcher(new PrefetchView(), scheduler, spec.batch(), prefetchBatches) : null;
        this.reservationIds = spec.batch();
        this.staleThrough = new AtomicLongArray(ranges.length);
        for (int i = 0; i < ranges.length; i++) {
            staleThrough.set(i, Long.MIN_VALUE);
        }
    }

    /**
     * Opens an allocator on its own, with the default timeouts and a prefetch thread of its own (named
     * {@code keysmith-prefetch-<sequence>}, ended after 10 s without work); reserves nothing
     * until the first id is asked for. Allocators of an application come from {@link IdGenerators#sequence}, which
     * share one prefetch thread.
     */
    public static SequenceAllocator open(SequenceSpec spec, CounterStore store) {
        return new SequenceAllocator(spec, Objects.requireNonNull(store, "store"), null,
                IdGenerators.DEFAULT_ALLOCATION_TIMEOUT, IdGenerators.DEFAULT_FAILURE_BACKOFF,
                IdGenerators.DEFAULT_PREFETCH_BATCHES, ownScheduler(spec), true);
    }

    /** As {@link #open(SequenceSpec, CounterStore)}, over a store that never blocks. */
    public static SequenceAllocator openAsync(SequenceSpec spec, AsyncCounterStore store) {
        return new SequenceAllocator(spec, null, Objects.requireNonNull(store, "store"),
                IdGenerators.DEFAULT_ALLOCATION_TIMEOUT, IdGenerators.DEFAULT_FAILURE_BACKOFF,
                IdGenerators.DEFAULT_PREFETCH_BATCHES, ownScheduler(spec), true);
    }

    private static PrefetchScheduler ownScheduler(SequenceSpec spec) {
        return PrefetchScheduler.ownThread(IdGenerators.DEFAULT_PREFETCH_IDLE_TIME, "keysmith-prefetch-" + spec.name());
    }

    /** The settings this allocator was opened with. */
    public SequenceSpec spec() {
        return spec;
    }

    /**
     * The next id, from a range reserved in the allocator's store; waits when a range must be reserved first.
     *
     * @throws IdSpaceExhaustedException when the whole id space is used up
     * @throws IdAllocationException when the store fails, the sequence fails fast after a failure, no range came
     *     within the allocation timeout, or the caller was interrupted while waiting
     * @throws IllegalStateException when the allocator is closed
     */
    public long next() {
        long id = state.current().take();
        if (id == IdRange.USED_UP) {
            id = takeWaiting(null);
        }
        tookId();
        return id;
    }

    /**
     * The next id; a range that must be reserved for it is reserved through {@code inlineStore} on the caller's
     * thread (for instance a database sequence read on the caller's own connection). Never prefetches. Callers of
     * {@link #next()}, {@link #nextAsync()} and of this method share the ranges, the single flight and the back-off.
     *
     * @throws IdSpaceExhaustedException when the whole id space is used up
     * @throws IdAllocationException as {@link #next()}
     * @throws IllegalStateException when the allocator is closed
     */
    public long next(CounterStore inlineStore) {
        Objects.requireNonNull(inlineStore, "inlineStore");
        long id = state.current().take();
        return id != IdRange.USED_UP ? id : takeWaiting(inlineStore);
    }

    /**
     * The next id, without blocking the calling thread: a future already completed while the range being handed out
     * has ids left; otherwise completed by the reservation of the next range (on the thread that completes it: the
     * store's, or the scheduler's), or exceptionally with what {@link #next()} would throw ({@link
     * IdSpaceExhaustedException}, {@link IdAllocationException} on a failure, the fail-fast back-off or the
     * allocation timeout, {@link IllegalStateException} when closed).
     *
     * <p>Cancelling the future withdraws the request: an id taken for it afterwards is dropped (a gap), never handed
     * to anyone else.
     */
    public CompletableFuture<Long> nextAsync() {
        long id = state.current().take();
        if (id == IdRange.USED_UP) {
            id = takeFromReserved();
        }
        if (id != IdRange.USED_UP) {
            tookId();
            return CompletableFuture.completedFuture(id);
        }
        CompletableFuture<Long> result = new CompletableFuture<>();
        new AsyncTake(result).run();
        return result;
    }

    /**
     * The switch to a reserved range, for a non-blocking caller whose range is used up: installs it and takes an id,
     * as the loop of {@link AsyncTake} would, without making the loop and its future (the prefetch's steady state,
     * where the switch should cost no more than on the blocking way in). {@link IdRange#USED_UP} when no range is
     * reserved or the allocator is closed: the loop then does what is needed.
     */
    private long takeFromReserved() {
        while (true) {
            State now = state;
            long id = now.current().take();
            if (id != IdRange.USED_UP || now.closed() || !(now.next() instanceof Ready ready)) {
                return id;
            }
            install(now, ready);
        }
    }

    /**
     * The resync hook: from now on this allocator never hands out an id at or below {@code largestTaken} from the
     * counter whose part of the id space holds it (the data holds that id, and a resync raised the counter past
     * it). The rest of the range being handed out is cut at {@code largestTaken} (a caller taking an id at that very
     * instant may still get one below it), and so is a reserved range or a reservation in flight when it is
     * installed; a range left empty is dropped and the next caller reserves a new one. Ids above
     * {@code largestTaken}, and the other counters, are untouched. An id outside the sequence's id space does
     * nothing. Never waits on the store. Call it after the counter was raised past {@code largestTaken} (as
     * {@link SequenceResync#resync} does).
     *
     * <p>For anyone reworking the allocator: the whole hook is {@code staleThrough} (one value per counter range,
     * only ever raised), this method (which moves the current range's cursor), and the cut in {@code install}
     * (every block goes through it before its first id is handed out).
     */
    public void skipThrough(long largestTaken) {
        int range = rangeOf(largestTaken);
        if (range < 0) {
            return;
        }
        long before;
        do {
            before = staleThrough.get(range);
            if (largestTaken <= before) {
                return;
            }
        } while (!staleThrough.compareAndSet(range, before, largestTaken));
        IdRange current = state.current();
        if (current.left() > 0 && rangeOf(current.first()) == range) {
            current.skipThrough(largestTaken);
        }
    }

    /** The index of the counter range holding {@code id}, or -1. */
    private int rangeOf(long id) {
        for (int i = 0; i < ranges.length; i++) {
            if (id >= ranges[i].first() && id <= ranges[i].last()) {
                return i;
            }
        }
        return -1;
    }

    /** What this sequence has done so far; each figure is read atomically, the set without a lock. */
    public SequenceSnapshot snapshot() {
        State now = state;
        long prefetched = now.next() instanceof Ready ready ? ready.block().size() : 0;
        return new SequenceSnapshot(spec.name(), now.current().handedOut(), now.current().left(), prefetched,
                reservations, Duration.ofNanos(reservationNanos), Duration.ofNanos(maxReservationNanos), failures,
                waits.sum(), failing);
    }

    /**
     * Stops the allocator: callers waiting for a range get {@link IllegalStateException}; a reservation in flight
     * finishes but its range is dropped. The unused rest of the reserved ranges is abandoned.
     */
    @Override
    public void close() {
        State before;
        do {
            before = state;
        } while (!STATE.compareAndSet(this, before, new State(before.current().retired(), NextRange.NONE, true)));
        if (before.next() instanceof Reserving reserving) {
            reserving.settled().complete(null); // its waiters look again and find the allocator closed
        }
        if (ownsScheduler) {
            scheduler.close();
        }
    }

    @Override
    public String toString() {
        return "SequenceAllocator" + spec;
    }

    private void tookId() {
        if (prefetcher != null) {
            prefetcher.tookId();
        }
    }

    /** The blocking way in, once the range is used up: an id, or a throw. */
    private long takeWaiting(CounterStore inlineStore) {
        boolean waited = false;
        long waitedSince = 0;
        while (true) {
            State now = state;
            long id = now.current().take();
            if (id != IdRange.USED_UP) {
                return id;
            }
            if (now.closed()) {
                throw closed();
            }
            NextRange next = now.next();
            if (next instanceof Ready ready) {
                install(now, ready);
            } else if (next instanceof Reserving reserving) {
                if (!waited) {
                    waited = true;
                    waitedSince = System.nanoTime();
                    waits.increment();
                }
                awaitSettled(reserving, waitedSince + allocationTimeoutNanos);
            } else if (next instanceof Failed failed && failsFast(failed, waited, waitedSince)) {
                throw failingFast(failed);
            } else if (spaceExhausted) {
                throw exhausted();
            } else {
                Reserving mine = NextRange.Reserving.start();
                if (!STATE.compareAndSet(this, now, now.withNext(mine))) {
                    continue;
                }
                CounterStore via = inlineStore != null ? inlineStore : store;
                if (via != null) {
                    reserveHere(mine, via);
                } else {
                    // over an AsyncCounterStore: wait for the reservation started here like for another's
                    waited = true;
                    waitedSince = System.nanoTime();
                    reserveInBackground(mine);
                }
            }
        }
    }

    /**
     * Whether a caller gets {@code failed}'s failure rather than trying again: during the back-off, and for every
     * caller that waited for the reservation that failed.
     */
    private static boolean failsFast(Failed failed, boolean waited, long waitedSince) {
        return failed.backingOff(System.nanoTime()) || waited && failed.failure().atNanos() - waitedSince >= 0;
    }

    private void awaitSettled(Reserving reserving, long deadline) {
        long left = deadline - System.nanoTime();
        try {
            if (left <= 0) {
                throw new TimeoutException();
            }
            reserving.settled().get(left, TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            throw timedOut();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IdAllocationException(spec.name(), null, "interrupted while waiting for a range of sequence '"
                    + spec.name() + "'", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException(e); // never: a reservation's future always completes normally
        }
    }

    /**
     * Installs a reserved range in place of the used-up one, unless another caller did first; cut by a resync
     * ({@link #skipThrough}) first, and dropped when nothing of it is left.
     */
    private void install(State now, Ready ready) {
        IdBlock block = ready.block();
        int range = rangeOf(block.first());
        long stale = range < 0 ? Long.MIN_VALUE : staleThrough.get(range);
        IdRange next;
        if (block.first() > stale) {
            next = now.current().followedBy(block);
        } else if (stale < block.last()) {
            next = now.current().followedBy(new IdBlock(block.counter(), stale + 1, block.last()));
        } else {
            next = now.current().retired(); // all of it taken already: the next caller reserves again
        }
        STATE.compareAndSet(this, now, new State(next, NextRange.NONE, false));
    }

    /** Reserves on the caller's thread; other callers wait for the outcome. Throws the caller's own failure. */
    private void reserveHere(Reserving mine, CounterStore via) {
        long started = System.nanoTime();
        IdBlock block;
        try {
            block = reserve(via);
        } catch (RuntimeException failure) {
            if (Thread.currentThread().isInterrupted()) {
                // the caller was interrupted during its own reservation: not the store's failure, so no back-off for
                // the others; one of them reserves next
                publish(mine, NextRange.NONE);
            } else {
                settle(mine, null, failure, System.nanoTime() - started);
            }
            throw failure;
        } catch (Error e) {
            publish(mine, NextRange.NONE); // leave nobody waiting for this reservation
            throw e;
        }
        settle(mine, block, null, System.nanoTime() - started);
    }

    /**
     * Starts a reservation that completes off the caller's thread: through the {@link AsyncCounterStore}, or the
     * {@link CounterStore} on the scheduler's thread (or the application's executor).
     */
    private void reserveInBackground(Reserving mine) {
        long started = System.nanoTime();
        if (asyncStore != null) {
            CompletionStage<IdBlock> reservation;
            try {
                reservation = reserveAsync();
            } catch (RuntimeException e) {
                settleAsync(mine, null, e, started);
                return;
            }
            reservation.whenComplete((block, failure) -> settleAsync(mine, block, failure, started));
            return;
        }
        try {
            scheduler.execute(() -> {
                try {
                    reserveHere(mine, store);
                } catch (RuntimeException failure) {
                    // settled: the waiters have it
                }
            });
        } catch (RejectedExecutionException e) {
            // the scheduler is closed, and the allocators with it: wake the waiters, they find it closed
            publish(mine, NextRange.NONE);
        }
    }

    /**
     * {@link #settle} of a reservation through the {@link AsyncCounterStore}, unless it failed because the thread that
     * started it was interrupted (a cancelled subscription whose scheduler interrupts its worker, while the driver
     * took a lock): that is not the store's failure, so no back-off for the others, as in {@link #reserveHere}. The
     * waiters are then resumed on the scheduler's thread, not on the interrupted one, where the next reservation
     * would fail the same way.
     */
    private void settleAsync(Reserving mine, IdBlock block, Throwable failure, long started) {
        if (failure == null || !causedByInterrupt(failure)) {
            settle(mine, block, failure, System.nanoTime() - started);
            return;
        }
        try {
            scheduler.execute(() -> publish(mine, NextRange.NONE));
        } catch (RejectedExecutionException closed) {
            publish(mine, NextRange.NONE); // closed: the waiters find the allocator closed
        }
    }

    private static boolean causedByInterrupt(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (cause instanceof InterruptedException || cause instanceof java.io.InterruptedIOException) {
                return true;
            }
        }
        return false;
    }

    /** Publishes a reservation's outcome to the callers waiting for it. */
    private void settle(Reserving mine, IdBlock block, Throwable thrown, long nanos) {
        Throwable failure = thrown instanceof CompletionException && thrown.getCause() != null
                ? thrown.getCause() : thrown;
        if (failure == null) {
            reservations++;
            reservationNanos += nanos;
            lastReservationNanos = nanos;
            maxReservationNanos = Math.max(maxReservationNanos, nanos);
            if (failing) {
                failing = false;
                Log.LOGGER.log(Level.INFO, "sequence '" + spec.name() + "': reservations succeed again ("
                        + failures + " failed so far)");
            }
            publish(mine, new Ready(block));
        } else if (failure instanceof IdSpaceExhaustedException) {
            spaceExhausted = true; // every later reservation fails at once, without the store
            publish(mine, NextRange.NONE);
        } else if (failure instanceof Error) {
            publish(mine, NextRange.NONE); // a store stage that died: nobody waits for it, and no back-off
        } else {
            failures++;
            long now = System.nanoTime();
            IdAllocationException wrapped = failure instanceof IdAllocationException e ? e : null;
            String counter = wrapped == null ? null : wrapped.counter();
            Throwable cause = wrapped == null || wrapped.getCause() == null ? failure : wrapped.getCause();
            if (!failing) {
                failing = true;
                Log.LOGGER.log(Level.WARNING, "sequence '" + spec.name() + "': reserving ids failed; callers fail fast for "
                        + Duration.ofNanos(failureBackoffNanos) + " after each failed attempt until the store answers",
                        failure);
            }
            publish(mine, new Failed(new IdAllocationFailure(counter, cause, now), now + failureBackoffNanos));
        }
    }

    /** Replaces {@code mine} by {@code outcome} (unless the allocator was closed meanwhile) and wakes its waiters. */
    private void publish(Reserving mine, NextRange outcome) {
        State now;
        do {
            now = state;
        } while (now.next() == mine && !STATE.compareAndSet(this, now, now.withNext(outcome)));
        mine.settled().complete(null);
    }

    /** Reserves the next block from a counter picked at random among those not known to be exhausted. */
    private IdBlock reserve(CounterStore via) {
        long count = via == store ? reservationIds : spec.batch(); // an inline store increments by the batch
        while (true) {
            CounterRange range = pickRange();
            IdBlock block;
            try {
                block = range.idsOf(via.reserve(range.counter(), count, range.counterLimit()), count);
            } catch (RuntimeException e) {
                throw new IdAllocationException(spec.name(), range.counter(), e);
            }
            if (block != null) {
                return block;
            }
        }
    }

    /** As {@link #reserve(CounterStore)}, through the {@link AsyncCounterStore}. */
    private CompletionStage<IdBlock> reserveAsync() {
        CounterRange range = pickRange();
        long count = reservationIds;
        CompletionStage<Long> offset;
        try {
            offset = asyncStore.reserve(range.counter(), count, range.counterLimit());
        } catch (RuntimeException e) {
            throw new IdAllocationException(spec.name(), range.counter(), e);
        }
        return offset.handle((value, failure) -> {
            if (failure != null) {
                Throwable cause = failure instanceof CompletionException && failure.getCause() != null
                        ? failure.getCause() : failure;
                if (cause instanceof Error error) {
                    throw error;
                }
                throw new IdAllocationException(spec.name(), range.counter(), cause);
            }
            if (value == null) {
                throw new IdAllocationException(spec.name(), range.counter(), new IllegalStateException(
                        "the counter store completed the reservation without a value"));
            }
            return range.idsOf(value, count);
        }).thenCompose(block -> block != null ? CompletableFuture.completedFuture(block) : reserveAsync());
    }

    private CounterRange pickRange() {
        List<CounterRange> open = new ArrayList<>(ranges.length);
        for (CounterRange range : ranges) {
            if (!range.isExhausted()) {
                open.add(range);
            }
        }
        if (open.isEmpty()) {
            throw exhausted();
        }
        return open.get(ThreadLocalRandom.current().nextInt(open.size()));
    }

    private IdSpaceExhaustedException exhausted() {
        return new IdSpaceExhaustedException(spec.name(), spec.start(), spec.lastValue(), spec.exhaustionHint());
    }

    private IllegalStateException closed() {
        return new IllegalStateException("the allocator of sequence '" + spec.name() + "' is closed");
    }

    private IdAllocationException timedOut() {
        return new IdAllocationException(spec.name(), null, "no range of sequence '" + spec.name()
                + "' came within the allocation timeout of " + Duration.ofNanos(allocationTimeoutNanos)
                + ": a reservation is still in flight (is the store slow or unreachable?)", null);
    }

    private IdAllocationException failingFast(Failed failed) {
        IdAllocationFailure failure = failed.failure();
        long agoMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - failure.atNanos());
        long retryMillis = Math.max(1, TimeUnit.NANOSECONDS.toMillis(failed.retryAtNanos() - System.nanoTime()));
        return new IdAllocationException(spec.name(), failure.counter(), "could not reserve ids for sequence '"
                + spec.name() + "' from counter '" + failure.counter() + "': the reservation " + agoMillis
                + " ms ago failed, and the next is tried in " + retryMillis + " ms: " + failure.cause().getMessage(),
                failure.cause());
    }

    /**
     * One non-blocking caller whose range was used up: a loop that runs on the caller's thread first and then, as a
     * continuation of the reservation it waits for, on the thread that completes that reservation. Runs on one
     * thread at a time (each wait resumes it once).
     */
    private final class AsyncTake implements Runnable, BiConsumer<Void, Throwable>, ReservationTimer.Waiter {

        private final CompletableFuture<Long> result;
        private boolean waited;
        private long waitedSince;

        AsyncTake(CompletableFuture<Long> result) {
            this.result = result;
        }

        @Override
        public void run() {
            while (!result.isDone()) { // cancelled or timed out: take nothing more
                State now = state;
                long id = now.current().take();
                if (id != IdRange.USED_UP) {
                    if (result.complete(id)) { // else it was cancelled just now: the id is a gap
                        tookId();
                    }
                    return;
                }
                if (now.closed()) {
                    result.completeExceptionally(closed());
                    return;
                }
                NextRange next = now.next();
                if (next instanceof Ready ready) {
                    install(now, ready);
                } else if (next instanceof Reserving reserving) {
                    if (!waited) {
                        waits.increment();
                    }
                    await(reserving);
                    return;
                } else if (next instanceof Failed failed && failsFast(failed, waited, waitedSince)) {
                    result.completeExceptionally(failingFast(failed));
                    return;
                } else if (spaceExhausted) {
                    result.completeExceptionally(exhausted());
                    return;
                } else {
                    Reserving mine = NextRange.Reserving.start();
                    if (STATE.compareAndSet(SequenceAllocator.this, now, now.withNext(mine))) {
                        await(mine); // waits from before the reservation starts: its failure is this caller's
                        reserveInBackground(mine);
                        return;
                    }
                }
            }
        }

        /**
         * Resumes this loop when {@code reserving} settles, within the allocation timeout: timed by the reservation's
         * one timer, which all its non-blocking waiters share.
         */
        private void await(Reserving reserving) {
            if (!waited) {
                waited = true;
                waitedSince = System.nanoTime();
            }
            try {
                reserving.timer().add(this, scheduler);
            } catch (RejectedExecutionException e) {
                result.completeExceptionally(closed()); // the scheduler closes with the allocators
                return;
            }
            reserving.settled().whenComplete(this);
        }

        @Override
        public long deadlineNanos() {
            return waitedSince + allocationTimeoutNanos;
        }

        @Override
        public boolean isDone() {
            return result.isDone();
        }

        @Override
        public void timeOut() {
            result.completeExceptionally(timedOut());
        }

        @Override
        public void accept(Void settled, Throwable never) {
            run();
        }
    }

    /** The sequence as its prefetcher sees it. */
    private final class PrefetchView implements Prefetcher.Sequence {

        @Override
        public String toString() {
            return "sequence '" + spec.name() + "'";
        }

        @Override
        public long handedOut() {
            return state.current().handedOut();
        }

        @Override
        public long idsLeft() {
            return state.current().left();
        }

        @Override
        public NextRange nextRange() {
            return state.next();
        }

        @Override
        public boolean ended() {
            return state.closed() || spaceExhausted;
        }

        @Override
        public void reservationIds(long ids) {
            reservationIds = ids;
        }

        @Override
        public long reservations() {
            return reservations;
        }

        @Override
        public long lastReservationNanos() {
            return lastReservationNanos;
        }

        @Override
        public boolean startPrefetch() {
            State now = state;
            NextRange next = now.next();
            if (now.closed() || spaceExhausted || next instanceof Reserving || next instanceof Ready
                    || next instanceof Failed failed && failed.backingOff(System.nanoTime())) {
                return false;
            }
            Reserving mine = NextRange.Reserving.start();
            if (!STATE.compareAndSet(SequenceAllocator.this, now, now.withNext(mine))) {
                return false;
            }
            reserveInBackground(mine);
            return true;
        }
    }

    /**
     * The range being handed out, the next one, and whether the allocator is closed: replaced as a whole by
     * compare-and-set, never changed in place (but for the range's cursor).
     */
    private record State(IdRange current, NextRange next, boolean closed) {

        State withNext(NextRange replacement) {
            return new State(current, replacement, closed);
        }
    }

    /**
     * The logger, looked up on the first message: finding the platform's logger costs milliseconds in a fresh JVM,
     * which an application that never sees a failing reservation should not pay at start-up.
     */
    private static final class Log {
        static final System.Logger LOGGER = System.getLogger(SequenceAllocator.class.getName());
    }
}
