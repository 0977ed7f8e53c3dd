package dev.keysmith.runtime;

import dev.keysmith.runtime.internal.CounterRange;
import dev.keysmith.runtime.internal.IdBlock;
import dev.keysmith.runtime.internal.PrefetchPacing;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

/**
 * Hands out the ids of one sequence from ranges reserved in a {@link CounterStore}.
 *
 * <p>Each reservation takes {@code batch} values from one counter (picked at random among the counters that
 * are not exhausted, when there are several) and the allocator hands them out one by one. Values of a range
 * that is not used up (the allocator is closed, the process stops) are never handed out again: gaps, never
 * duplicates.
 *
 * <p>With prefetch, a background thread watches how fast ids are taken and reserves the next range by itself
 * when the current one is half used (earlier when the store is slow against that pace), so that in steady
 * state {@link #next()} only takes a lock and hands out an id: it never waits on the store, never waits for
 * the background thread and never wakes it. The thread ends after 30 s without an id taken; the next caller
 * that needs a range soon starts it again.
 *
 * <p>When ids are taken faster than the thread expected (a burst after a lull), the caller that finds the
 * current range three quarters used with nothing reserved asks the thread for the next range. A caller that
 * finds the current range used up takes the prefetched one if it is there, waits for the prefetch if one is
 * under way, and otherwise reserves the next range itself. A prefetch that fails is not fatal: it is dropped,
 * and the next caller that needs a range reserves it itself (and sees the failure if the store still fails).
 *
 * <p>Failures: a store that fails makes {@link #next()} throw {@link IdAllocationException} naming the
 * sequence and the counter, with the store's exception as the cause; nothing is handed out twice and the
 * next call tries again. When every counter's range is used up, {@link #next()} throws
 * {@link IdSpaceExhaustedException}.
 *
 * <pre>{@code
 * try (SequenceAllocator invoices = SequenceAllocator.open(SequenceSpec.of("invoices").withBatch(100), store)) {
 *     long number = invoices.next();
 * }
 * }</pre>
 *
 * <p>Thread-safe. No lock is held by a monitor across a call to the store ({@code ReentrantLock}s only), so
 * virtual threads are not pinned.
 */
public final class SequenceAllocator implements AutoCloseable {

    private enum Prefetch { NONE, REQUESTED, RESERVING }

    private static final int LOCK_SPINS = 100;

    private final SequenceSpec spec;
    private final CounterStore store;
    private final CounterRange[] ranges;
    private final boolean prefetching;
    private final PrefetchPacing pacing;

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition prefetchSettled = lock.newCondition();

    // guarded by lock
    private long nextId;
    private long remaining;
    private long blockSize;
    private long taken;
    private long prefetchedFirst;
    private long prefetchedSize; // 0: nothing prefetched
    private Prefetch prefetch = Prefetch.NONE;
    private boolean prefetchFailedForBlock;
    private boolean closed;
    private Thread prefetcher;
    private long prefetchWaits;
    private long prefetcherWakeups;

    private SequenceAllocator(SequenceSpec spec, CounterStore store, PrefetchPacing pacing) {
        this.spec = Objects.requireNonNull(spec, "spec");
        this.store = Objects.requireNonNull(store, "store");
        this.pacing = Objects.requireNonNull(pacing, "pacing");
        this.ranges = CounterRange.split(spec.start(), spec.lastValue(), spec.counters(), spec::counterName);
        this.prefetching = spec.prefetch() && spec.batch() > 1;
    }

    /** Opens an allocator; reserves nothing until the first {@link #next()}. */
    public static SequenceAllocator open(SequenceSpec spec, CounterStore store) {
        return new SequenceAllocator(spec, store, PrefetchPacing.DEFAULT);
    }

    /** Opens an allocator whose prefetch thread follows {@code pacing} (tests shorten the idle time). */
    static SequenceAllocator open(SequenceSpec spec, CounterStore store, PrefetchPacing pacing) {
        return new SequenceAllocator(spec, store, pacing);
    }

    /** The settings this allocator was opened with. */
    public SequenceSpec spec() {
        return spec;
    }

    /**
     * The next id.
     *
     * @throws IdSpaceExhaustedException when the whole id space is used up
     * @throws IdAllocationException when the store fails
     * @throws IllegalStateException when the allocator is closed
     */
    public long next() {
        lock.lock();
        try {
            while (true) {
                if (closed) {
                    throw new IllegalStateException("the allocator of sequence '" + spec.name() + "' is closed");
                }
                if (remaining > 0) {
                    long id = nextId++;
                    remaining--;
                    taken++;
                    if (prefetching && remaining * 4 <= blockSize) {
                        askForPrefetchIfLate();
                    }
                    return id;
                }
                if (prefetchedSize > 0) {
                    // Written out here rather than calling install(): a call site taken once per range stays
                    // below C2's inlining threshold, and the call would run the interpreted method (microseconds).
                    nextId = prefetchedFirst;
                    remaining = prefetchedSize;
                    blockSize = prefetchedSize;
                    prefetchFailedForBlock = false;
                    prefetchedSize = 0;
                } else if (prefetch != Prefetch.NONE) {
                    awaitPrefetch();
                } else {
                    // Nothing under way: reserve on the caller's thread. Holding the ReentrantLock here makes the
                    // other callers wait for this range instead of reserving ranges of their own.
                    install(reserve(store));
                    if (prefetching && prefetcher == null) {
                        startPrefetcher();
                    }
                }
            }
        } finally {
            lock.unlock();
        }
    }

    /**
     * The next id, reserving a range through {@code inlineStore} on the caller's thread when one is needed, instead
     * of the store the allocator was opened with, and never in the background. This is the route of a store that is
     * only reachable from the caller (a database sequence read on the caller's own connection): the shape of
     * Hibernate's {@code PooledOptimizer} with its {@code AccessCallback}. Other callers wait for that reservation
     * rather than making their own.
     *
     * @throws IdSpaceExhaustedException when the whole id space is used up
     * @throws IdAllocationException when {@code inlineStore} fails
     * @throws IllegalStateException when the allocator is closed
     */
    public long next(CounterStore inlineStore) {
        Objects.requireNonNull(inlineStore, "inlineStore");
        lock.lock();
        try {
            if (closed) {
                throw new IllegalStateException("the allocator of sequence '" + spec.name() + "' is closed");
            }
            if (remaining == 0) {
                install(reserve(inlineStore));
            }
            remaining--;
            taken++;
            return nextId++;
        } finally {
            lock.unlock();
        }
    }

    /** Stops the background prefetch without waiting for it. The unused rest of the reserved ranges is abandoned. */
    @Override
    public void close() {
        lock.lock();
        try {
            closed = true;
            prefetchedSize = 0;
            remaining = 0;
            if (prefetcher != null) {
                LockSupport.unpark(prefetcher);
            }
            prefetchSettled.signalAll();
        } finally {
            lock.unlock();
        }
    }

    @Override
    public String toString() {
        return "SequenceAllocator" + spec;
    }

    /** How many times a caller waited for a prefetch in flight. Internal: for tests. */
    long prefetchWaits() {
        return underLock(() -> prefetchWaits);
    }

    /** How many times a caller started or woke the prefetch thread. Internal: for tests. */
    long prefetcherWakeups() {
        return underLock(() -> prefetcherWakeups);
    }

    /** The prefetch thread, or null when none runs. Internal: for tests. */
    Thread prefetcher() {
        return underLock(() -> prefetcher);
    }

    private <T> T underLock(Supplier<T> read) {
        lock.lock();
        try {
            return read.get();
        } finally {
            lock.unlock();
        }
    }

    private void install(IdBlock block) {
        nextId = block.first();
        remaining = block.size();
        blockSize = remaining;
        prefetchFailedForBlock = false;
    }

    private void awaitPrefetch() {
        prefetchWaits++;
        try {
            prefetchSettled.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IdAllocationException(spec.name(), spec.counterName(0), e);
        }
    }

    /**
     * The prefetch thread should have reserved the next range by now (a burst after a lull, or it ended after
     * being idle): ask it, at the cost of waking it. Never happens in steady state.
     */
    private void askForPrefetchIfLate() {
        if (prefetch != Prefetch.NONE || prefetchedSize > 0 || prefetchFailedForBlock || allExhausted()) {
            return;
        }
        if (prefetcher == null) {
            startPrefetcher();
        } else {
            prefetcherWakeups++;
            LockSupport.unpark(prefetcher);
        }
        prefetch = Prefetch.REQUESTED;
    }

    private void startPrefetcher() {
        Thread thread = new Thread(this::pollAndPrefetch, "keysmith-prefetch-" + spec.name());
        thread.setDaemon(true);
        // Started before it is recorded: if no thread can be started, nothing is left waiting for it. It cannot
        // look before this caller releases the lock.
        thread.start();
        prefetcher = thread;
        prefetcherWakeups++;
    }

    /**
     * The prefetch thread: looks at the current range, reserves the next one when it is due, parks until the next
     * look, and ends when the allocator is closed, idle, or has nothing left to reserve.
     */
    private void pollAndPrefetch() {
        try {
            pollUntilDone();
        } finally {
            // However the thread ends (even by an Error), no caller may go on waiting for it.
            lockWithoutQueueing();
            try {
                if (prefetcher == Thread.currentThread()) {
                    prefetcher = null;
                }
                if (prefetch != Prefetch.NONE) {
                    prefetch = Prefetch.NONE;
                    prefetchSettled.signalAll();
                }
            } finally {
                lock.unlock();
            }
        }
    }

    private void pollUntilDone() {
        Thread self = Thread.currentThread();
        long nanosPerId = PrefetchPacing.UNKNOWN;
        long reserveNanos = PrefetchPacing.UNKNOWN;
        long lastLook = System.nanoTime();
        long lastActive = lastLook;
        long lastTaken = -1;
        while (true) {
            long park;
            long now = System.nanoTime(); // read before taking the lock: the lock is held as briefly as can be
            lockWithoutQueueing();
            try {
                // a caller waiting for a range requested from this thread reserves itself once it has ended
                if (closed || prefetcher != self || allExhausted()) {
                    return;
                }
                if (lastTaken >= 0) {
                    nanosPerId = PrefetchPacing.nextEstimate(nanosPerId, now - lastLook, taken - lastTaken,
                            now - lastActive);
                }
                if (taken != lastTaken) {
                    lastActive = now;
                }
                lastTaken = taken;
                lastLook = now;
                long idsBeforeDue = PrefetchPacing.idsBeforeDue(remaining, blockSize,
                        prefetchedSize > 0 ? prefetchedSize : prefetchFailedForBlock ? spec.batch() : 0, nanosPerId,
                        reserveNanos);
                if (prefetch == Prefetch.REQUESTED || prefetch == Prefetch.NONE && prefetchedSize == 0
                        && !prefetchFailedForBlock && pacing.reserveNow(idsBeforeDue, nanosPerId)) {
                    prefetch = Prefetch.RESERVING;
                    park = 0;
                } else if (now - lastActive >= pacing.idleNanos()) {
                    return;
                } else {
                    park = pacing.parkNanos(idsBeforeDue, nanosPerId);
                }
            } finally {
                lock.unlock();
            }
            if (park == 0) {
                long started = System.nanoTime();
                prefetchNextRange();
                reserveNanos = PrefetchPacing.nextReserveEstimate(reserveNanos, System.nanoTime() - started);
            } else {
                LockSupport.parkNanos(this, park);
                Thread.interrupted(); // nobody should interrupt this thread; if someone does, it keeps its pace
            }
        }
    }

    private void prefetchNextRange() {
        IdBlock block = null;
        try {
            block = reserve(store);
        } catch (RuntimeException e) {
            // Not fatal: the next caller that needs a range reserves it itself and sees the failure if it lasts.
        } finally {
            publish(block);
        }
    }

    private void publish(IdBlock block) {
        lockWithoutQueueing();
        try {
            prefetch = Prefetch.NONE;
            if (block == null) {
                prefetchFailedForBlock = true;
            } else if (!closed) {
                prefetchedFirst = block.first();
                prefetchedSize = block.size();
            }
            prefetchSettled.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /**
     * Takes the lock without ever queueing on it: a thread queued on a {@code ReentrantLock} is unparked by the
     * unlock of the holder, and the holder would be a caller of {@link #next()} paying for that wake-up.
     */
    private void lockWithoutQueueing() {
        int spins = 0;
        while (!lock.tryLock()) {
            if (++spins < LOCK_SPINS) {
                Thread.onSpinWait();
            } else {
                LockSupport.parkNanos(this, pacing.minPollNanos());
                spins = 0;
            }
        }
    }

    /**
     * Reserves the next block from a counter picked at random among those not known to be exhausted. Only one
     * reservation runs at a time: on the caller's thread under the lock, or as the one prefetch in flight.
     */
    private IdBlock reserve(CounterStore store) {
        while (true) {
            List<CounterRange> open = new ArrayList<>(ranges.length);
            for (CounterRange range : ranges) {
                if (!range.isExhausted()) {
                    open.add(range);
                }
            }
            if (open.isEmpty()) {
                throw new IdSpaceExhaustedException(spec.name(), spec.start(), spec.lastValue());
            }
            CounterRange range = open.get(ThreadLocalRandom.current().nextInt(open.size()));
            long offset;
            try {
                offset = store.reserve(range.counter(), spec.batch());
            } catch (RuntimeException e) {
                throw new IdAllocationException(spec.name(), range.counter(), e);
            }
            IdBlock block;
            try {
                block = range.idsOf(offset, spec.batch());
            } catch (IllegalStateException e) {
                throw new IdAllocationException(spec.name(), range.counter(), e);
            }
            if (block != null) {
                return block;
            }
        }
    }

    private boolean allExhausted() {
        for (CounterRange range : ranges) {
            if (!range.isExhausted()) {
                return false;
            }
        }
        return true;
    }
}
