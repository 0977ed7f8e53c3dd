package dev.keysmith.runtime;

import dev.keysmith.runtime.internal.CounterRange;
import dev.keysmith.runtime.internal.IdBlock;
import dev.keysmith.runtime.internal.NextRange;
import dev.keysmith.runtime.internal.NextRange.Failed;
import dev.keysmith.runtime.internal.NextRange.IdAllocationFailure;
import dev.keysmith.runtime.internal.NextRange.Ready;
import dev.keysmith.runtime.internal.NextRange.Reserving;
import dev.keysmith.runtime.internal.PrefetchLead;
import dev.keysmith.runtime.internal.PrefetchScheduler;
import dev.keysmith.runtime.internal.PrefetchScheduler.Prefetch;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Hands out the ids of one sequence from ranges reserved in a {@link CounterStore}: the optimizer of Hibernate's
 * "optimizer plus access callback", with the store as the callback.
 *
 * <p>Each reservation takes {@code batch} values from one counter (picked at random among the counters that are
 * not exhausted, when there are several) and the allocator hands them out one by one. Values of a range that is not
 * used up (the allocator is closed, the process stops) are never handed out again: gaps, never duplicates.
 *
 * <p><b>Single flight.</b> At most one reservation per sequence is in flight. A caller that finds the range used up
 * while a reservation runs waits for it and shares its outcome: its range, or its failure. After a failure, callers
 * fail fast with that failure for the back-off ({@link IdGenerators.Builder#failureBackoff}); then the next caller
 * tries again. So an outage costs each caller at most one store timeout, never one per caller queued before it.
 *
 * <p><b>Prefetch.</b> With {@code prefetch} (and {@code batch > 1}), the next range is reserved in the background
 * before the current one runs out, so that in steady state {@link #next()} never waits on the store. On the one
 * prefetch thread of its {@link IdGenerators}, the sequence schedules itself: the thread checks it when the ids left
 * are predicted to reach the lead ({@code internal.PrefetchLead}: from the pace and the reservation time, between
 * half a range and a full one), reserves, and schedules the next check; a caller only enters the sequence into the
 * schedule when it is not in it (first use, after idling or a failure), so in steady state a caller never touches
 * the thread. On an application's executor, the caller that reaches the lead submits the reservation to it.
 *
 * <p><b>Bounded, interruptible waits.</b> A caller never waits for another's reservation longer than the allocation
 * timeout ({@link IdGenerators.Builder#allocationTimeout}), and an interrupted caller gets
 * {@link IdAllocationException} caused by {@link InterruptedException}, with its interrupt flag set. A caller that
 * reserves itself is bounded by the store's own timeouts (for MongoDB, the client's server-selection and socket
 * timeouts).
 *
 * <p><b>Inline reservations.</b> {@link #next(CounterStore)} reserves through a store given per call (Hibernate's
 * native route: {@code nextval} on the caller's own connection) and never prefetches.
 *
 * <p>Logging ({@link System.Logger} {@code dev.keysmith.runtime.SequenceAllocator}): one warning when reservations
 * start failing, one info line when they succeed again; nothing else.
 *
 * <pre>{@code
 * try (SequenceAllocator invoices = SequenceAllocator.open(SequenceSpec.of("invoices").withBatch(100), store)) {
 *     long number = invoices.next();
 * }
 * }</pre>
 *
 * <p>Thread-safe. The lock is a {@code ReentrantLock} held for a few instructions, never across a call to the store,
 * and waits are on its {@code Condition}, so virtual threads are not pinned.
 */
public final class SequenceAllocator implements AutoCloseable {

    private final SequenceSpec spec;
    private final CounterStore store;
    private final CounterRange[] ranges;
    private final boolean prefetching;
    private final long allocationTimeoutNanos;
    private final long failureBackoffNanos;
    private final PrefetchScheduler scheduler;
    private final boolean ownsScheduler;
    private final boolean selfScheduling;
    private final Runnable prefetchTask = this::prefetch;
    private final Prefetch scheduledPrefetch = new ScheduledPrefetch();

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition settled = lock.newCondition();

    // guarded by lock
    private long nextId;
    private long remaining;
    private long prefetchAt; // on an application's executor: with this many ids left, the caller submits the next
    private boolean inSchedule; // on the own prefetch thread: whether the sequence is in its schedule
    private final PrefetchLead lead = new PrefetchLead();
    private NextRange nextRange = NextRange.NONE;
    private boolean closed;
    private boolean spaceExhausted;
    private boolean failing;
    private long handedOut;
    private long reservations;
    private long reservationNanos;
    private long maxReservationNanos;
    private long failures;
    private long waits;
    private final long[] staleThrough; // per counter range: ids up to this one are taken (resync); see skipThrough

    SequenceAllocator(SequenceSpec spec, CounterStore store, Duration allocationTimeout, Duration failureBackoff,
            PrefetchScheduler scheduler, boolean ownsScheduler) {
        this.spec = Objects.requireNonNull(spec, "spec");
        this.store = Objects.requireNonNull(store, "store");
        this.ranges = CounterRange.split(spec.start(), spec.lastValue(), spec.counters(), spec::counterName);
        this.prefetching = spec.prefetch() && spec.batch() > 1;
        this.allocationTimeoutNanos = allocationTimeout.toNanos();
        this.failureBackoffNanos = failureBackoff.toNanos();
        this.scheduler = scheduler;
        this.ownsScheduler = ownsScheduler;
        this.selfScheduling = scheduler.schedulesItself();
        this.staleThrough = new long[ranges.length];
        java.util.Arrays.fill(staleThrough, Long.MIN_VALUE);
    }

    /**
     * Opens an allocator on its own, with the default timeouts and a prefetch thread of its own (named
     * {@code keysmith-prefetch-<sequence>}, ended after 10 s without work); reserves nothing
     * until the first {@link #next()}. Allocators of an application come from {@link IdGenerators#sequence}, which
     * share one prefetch thread.
     */
    public static SequenceAllocator open(SequenceSpec spec, CounterStore store) {
        return new SequenceAllocator(spec, store, IdGenerators.DEFAULT_ALLOCATION_TIMEOUT,
                IdGenerators.DEFAULT_FAILURE_BACKOFF, PrefetchScheduler.ownThread(IdGenerators.DEFAULT_PREFETCH_IDLE_TIME,
                        "keysmith-prefetch-" + spec.name()), true);
    }

    /** The settings this allocator was opened with. */
    public SequenceSpec spec() {
        return spec;
    }

    /**
     * The next id, from a range reserved in the allocator's store.
     *
     * @throws IdSpaceExhaustedException when the whole id space is used up
     * @throws IdAllocationException when the store fails, the sequence fails fast after a failure, no range came
     *     within the allocation timeout, or the caller was interrupted while waiting
     * @throws IllegalStateException when the allocator is closed
     */
    public long next() {
        return take(null);
    }

    /**
     * The next id; a range that must be reserved for it is reserved through {@code inlineStore} on the caller's
     * thread (for instance a database sequence read on the caller's own connection). Never prefetches. Callers of
     * {@link #next()} and of this method share the ranges, the single flight and the back-off.
     *
     * @throws IdSpaceExhaustedException when the whole id space is used up
     * @throws IdAllocationException as {@link #next()}
     * @throws IllegalStateException when the allocator is closed
     */
    public long next(CounterStore inlineStore) {
        return take(Objects.requireNonNull(inlineStore, "inlineStore"));
    }

    /**
     * The resync hook: from now on this allocator never hands out an id at or below {@code largestTaken} from the
     * counter whose part of the id space holds it (the data holds that id, and a resync raised the counter past
     * it). The rest of the range being handed out is cut at {@code largestTaken}, and so is a reserved range
     * waiting to be handed out or a reservation in flight when it is installed; a range left empty is dropped and
     * the next caller reserves a new one. Ids above {@code largestTaken}, and the other counters, are untouched. An
     * id outside the sequence's id space does nothing. Never waits on the store. Call it after the counter was
     * raised past {@code largestTaken} (as {@link SequenceResync#resync} does): a range reserved below it is dropped
     * whole, so a counter left far below costs one reservation per range until it passes.
     *
     * <p>For anyone reworking the allocator: the whole hook is the array {@code staleThrough} (one value per counter
     * range, only ever raised), this method (which cuts the current range), and the cut in {@code install}
     * (every block goes through it before its first id is handed out).
     */
    public void skipThrough(long largestTaken) {
        int range = rangeOf(largestTaken);
        if (range < 0) {
            return;
        }
        lock.lock();
        try {
            if (largestTaken <= staleThrough[range]) {
                return;
            }
            staleThrough[range] = largestTaken;
            if (remaining > 0 && rangeOf(nextId) == range && nextId <= largestTaken) {
                long skipped = Math.min(remaining, largestTaken - nextId + 1);
                nextId += skipped;
                remaining -= skipped;
            }
        } finally {
            lock.unlock();
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

    /** What this sequence has done so far, read at one instant. */
    public SequenceSnapshot snapshot() {
        lock.lock();
        try {
            long prefetched = nextRange instanceof Ready ready ? ready.block().size() : 0;
            return new SequenceSnapshot(spec.name(), handedOut, remaining, prefetched, reservations,
                    Duration.ofNanos(reservationNanos), Duration.ofNanos(maxReservationNanos), failures, waits, failing);
        } finally {
            lock.unlock();
        }
    }

    /**
     * Stops the allocator: callers waiting for a range get {@link IllegalStateException}; a reservation in flight
     * finishes but its range is dropped. The unused rest of the reserved ranges is abandoned.
     */
    @Override
    public void close() {
        lock.lock();
        try {
            closed = true;
            remaining = 0;
            nextRange = nextRange instanceof Reserving ? nextRange : NextRange.NONE;
            settled.signalAll();
        } finally {
            lock.unlock();
        }
        if (ownsScheduler) {
            scheduler.close();
        }
    }

    @Override
    public String toString() {
        return "SequenceAllocator" + spec;
    }

    private long take(CounterStore inlineStore) {
        long id;
        boolean enterSchedule = false;
        boolean submit = false;
        lock.lock();
        try {
            if (remaining == 0) {
                refill(inlineStore);
            }
            id = nextId++;
            remaining--;
            handedOut++;
            if (prefetching && inlineStore == null && !spaceExhausted) {
                if (selfScheduling) {
                    if (!inSchedule) { // in steady state it is: the caller leaves the prefetch thread alone
                        inSchedule = true;
                        enterSchedule = true;
                    }
                } else if (remaining <= prefetchAt && nextRange == NextRange.NONE) {
                    nextRange = NextRange.PREFETCHING;
                    submit = true;
                }
            }
        } finally {
            lock.unlock();
        }
        if (enterSchedule) {
            enterSchedule();
        } else if (submit) {
            submitPrefetch(); // outside the lock: an application's executor may run it on this thread
        }
        return id;
    }

    /** Makes {@code remaining > 0}, or throws. Called and returns with the lock held; releases it while reserving. */
    private void refill(CounterStore inlineStore) {
        boolean waited = false;
        long waitedSince = 0;
        long deadline = 0;
        while (remaining == 0) {
            if (closed) {
                throw new IllegalStateException("the allocator of sequence '" + spec.name() + "' is closed");
            }
            NextRange next = nextRange;
            if (next instanceof Ready ready) {
                install(ready.block());
                nextRange = NextRange.NONE;
            } else if (next instanceof Reserving) {
                if (!waited) {
                    waited = true;
                    waits++;
                    waitedSince = System.nanoTime();
                    deadline = waitedSince + allocationTimeoutNanos;
                }
                awaitSettled(deadline);
            } else if (next instanceof Failed failed && (failed.backingOff(System.nanoTime())
                    || waited && failed.failure().atNanos() - waitedSince >= 0)) {
                // during the back-off, and for every caller that waited for the reservation that failed
                throw failingFast(failed);
            } else {
                reserveInline(inlineStore == null ? store : inlineStore);
            }
        }
    }

    private void awaitSettled(long deadline) {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
            throw new IdAllocationException(spec.name(), null, "no range of sequence '" + spec.name()
                    + "' came within the allocation timeout of " + Duration.ofNanos(allocationTimeoutNanos)
                    + ": a reservation is still in flight (is the store slow or unreachable?)", null);
        }
        try {
            settled.awaitNanos(left);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IdAllocationException(spec.name(), null, "interrupted while waiting for a range of sequence '"
                    + spec.name() + "'", e);
        }
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

    /** Reserves on the caller's thread, without the lock; other callers wait for the outcome. */
    private void reserveInline(CounterStore via) {
        nextRange = NextRange.RESERVING_INLINE;
        lock.unlock();
        long started = System.nanoTime();
        IdBlock block = null;
        RuntimeException failure = null;
        boolean returned = false;
        try {
            block = reserve(via);
            returned = true;
        } catch (RuntimeException e) {
            failure = e;
            returned = true;
        } finally {
            lock.lock();
            if (!returned) {
                // an Error: leave nobody waiting for this reservation
                nextRange = NextRange.NONE;
                settled.signalAll();
            }
        }
        if (failure != null && Thread.currentThread().isInterrupted()) {
            // the caller was interrupted during its own reservation: not the store's failure, so no back-off for
            // the others; one of them reserves next
            nextRange = NextRange.NONE;
            settled.signalAll();
            throw failure;
        }
        settle(block, failure, System.nanoTime() - started);
        if (failure != null) {
            throw failure;
        }
    }

    private void enterSchedule() {
        try {
            scheduler.schedule(scheduledPrefetch);
        } catch (RejectedExecutionException e) {
            // the scheduler is closed: the sequence stays marked as scheduled, so no caller tries again, and the
            // caller that uses up the range reserves the next one itself
        }
    }

    private void submitPrefetch() {
        try {
            scheduler.execute(prefetchTask);
        } catch (RejectedExecutionException e) {
            // the scheduler is shut down: the caller that uses up the range reserves the next one itself
            lock.lock();
            try {
                nextRange = NextRange.NONE;
                settled.signalAll();
            } finally {
                lock.unlock();
            }
        }
    }

    /** Reserves the next range on this (background) thread; whether a range came. Called without the lock. */
    private boolean prefetch() {
        long started = System.nanoTime();
        IdBlock block = null;
        RuntimeException failure = null;
        try {
            block = reserve(store);
        } catch (RuntimeException e) {
            failure = e;
        } finally {
            lock.lock();
            try {
                if (block == null && failure == null) {
                    nextRange = NextRange.NONE; // an Error: leave nobody waiting
                    settled.signalAll();
                } else {
                    settle(block, failure, System.nanoTime() - started);
                }
            } finally {
                lock.unlock();
            }
        }
        return block != null;
    }

    /** Publishes a reservation's outcome to the callers waiting for it. Called with the lock held. */
    private void settle(IdBlock block, RuntimeException failure, long nanos) {
        if (failure == null) {
            reservations++;
            reservationNanos += nanos;
            lead.reserved(nanos);
            maxReservationNanos = Math.max(maxReservationNanos, nanos);
            nextRange = closed ? NextRange.NONE : new Ready(block);
            if (failing) {
                failing = false;
                Log.LOGGER.log(Level.INFO, "sequence '" + spec.name() + "': reservations succeed again ("
                        + failures + " failed so far)");
            }
        } else if (failure instanceof IdSpaceExhaustedException) {
            nextRange = NextRange.NONE; // every later reservation fails at once, without the store
            spaceExhausted = true;
        } else {
            failures++;
            long now = System.nanoTime();
            IdAllocationException wrapped = failure instanceof IdAllocationException e ? e : null;
            String counter = wrapped == null ? null : wrapped.counter();
            Throwable cause = wrapped == null || wrapped.getCause() == null ? failure : wrapped.getCause();
            nextRange = new Failed(new IdAllocationFailure(counter, cause, now), now + failureBackoffNanos);
            if (!failing) {
                failing = true;
                Log.LOGGER.log(Level.WARNING, "sequence '" + spec.name() + "': reserving ids failed; callers fail fast for "
                        + Duration.ofNanos(failureBackoffNanos) + " after each failed attempt until the store answers",
                        failure);
            }
        }
        settled.signalAll();
    }

    private void install(IdBlock block) {
        long first = block.first();
        int range = rangeOf(first);
        if (range >= 0 && first <= staleThrough[range]) {
            first = Math.min(staleThrough[range], block.last()) + 1; // cut by a resync: maybe nothing is left
        }
        nextId = first;
        remaining = block.last() - first + 1;
        if (prefetching && !selfScheduling) {
            prefetchAt = lead.installed(remaining, System.nanoTime());
        }
    }

    /**
     * The nanoseconds until the prefetch thread's next check, 0 to reserve now, or {@link Prefetch#LEAVE}. Called
     * with the lock held.
     */
    private long nanosUntilPrefetch(long now) {
        NextRange next = nextRange;
        if (closed || spaceExhausted) {
            return Prefetch.LEAVE;
        }
        if (next instanceof Reserving) {
            return lead.nanosWhileReserving(); // a caller reserves: look again once it is likely done
        }
        if (next instanceof Failed failed && failed.backingOff(now)) {
            return Math.max(1, failed.retryAtNanos() - now);
        }
        long ready = next instanceof Ready r ? r.block().size() : 0;
        return lead.nanosUntilReservation(remaining, ready, spec.batch());
    }

    /** The sequence as the own prefetch thread checks it: reserves when that is due, and says when to look again. */
    private final class ScheduledPrefetch implements Prefetch {

        private boolean entered; // guarded by lock: false until the first check after entering the schedule

        @Override
        public long check() {
            lock.lock();
            try {
                long now = System.nanoTime();
                if (entered) {
                    lead.checked(now, handedOut);
                } else {
                    lead.scheduled(now, handedOut);
                    entered = true;
                }
                long wait = nanosUntilPrefetch(now);
                if (wait == Prefetch.LEAVE || wait > 0 && lead.idle()) {
                    return leave();
                }
                if (wait > 0) {
                    return wait;
                }
                nextRange = NextRange.PREFETCHING;
            } finally {
                lock.unlock();
            }
            boolean reserved = prefetch();
            lock.lock();
            try {
                if (!reserved) {
                    return leave(); // the next caller enters it again: a failed store is not retried while idle
                }
                long wait = nanosUntilPrefetch(System.nanoTime());
                return wait == Prefetch.LEAVE ? leave() : Math.max(wait, PrefetchLead.MIN_CHECK_NANOS);
            } finally {
                lock.unlock();
            }
        }

        @Override
        public void dropped() {
            lock.lock();
            try {
                leave();
            } finally {
                lock.unlock();
            }
        }

        private long leave() {
            inSchedule = false;
            entered = false;
            return Prefetch.LEAVE;
        }
    }

    /** Reserves the next block from a counter picked at random among those not known to be exhausted. */
    private IdBlock reserve(CounterStore via) {
        while (true) {
            List<CounterRange> open = new ArrayList<>(ranges.length);
            for (CounterRange range : ranges) {
                if (!range.isExhausted()) {
                    open.add(range);
                }
            }
            if (open.isEmpty()) {
                throw new IdSpaceExhaustedException(spec.name(), spec.start(), spec.lastValue(), spec.exhaustionHint());
            }
            CounterRange range = open.get(ThreadLocalRandom.current().nextInt(open.size()));
            IdBlock block;
            try {
                block = range.idsOf(via.reserve(range.counter(), spec.batch(), range.counterLimit()), spec.batch());
            } catch (RuntimeException e) {
                throw new IdAllocationException(spec.name(), range.counter(), e);
            }
            if (block != null) {
                return block;
            }
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
