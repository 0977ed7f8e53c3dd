package dev.keysmith.runtime;

import dev.keysmith.runtime.internal.CounterRange;
import dev.keysmith.runtime.internal.IdBlock;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Hands out the ids of one sequence from ranges reserved in a {@link CounterStore}.
 *
 * <p>Each reservation takes {@code batch} values from one counter (picked at random among the counters that
 * are not exhausted, when there are several) and the allocator hands them out one by one. With prefetch, the
 * next range is reserved on a background thread when the current one is half used, so that in steady state
 * {@link #next()} never waits on the store. Values of a range that is not used up (the allocator is closed,
 * the process stops) are never handed out again: gaps, never duplicates.
 *
 * <p>A caller that finds the current range used up takes the prefetched one if it is there, waits for the
 * prefetch if one is under way, and otherwise reserves the next range itself. A prefetch that fails is not
 * fatal: it is dropped, and the next caller that needs a range reserves it itself (and sees the failure if the
 * store still fails).
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

    private final SequenceSpec spec;
    private final CounterStore store;
    private final CounterRange[] ranges;
    private final boolean prefetching;

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition prefetchSettled = lock.newCondition();

    // guarded by lock
    private long nextId;
    private long remaining;
    private long blockSize;
    private IdBlock prefetched;
    private boolean prefetchInFlight;
    private boolean prefetchFailedForBlock;
    private boolean closed;
    private ExecutorService prefetcher;

    private SequenceAllocator(SequenceSpec spec, CounterStore store) {
        this.spec = Objects.requireNonNull(spec, "spec");
        this.store = Objects.requireNonNull(store, "store");
        this.ranges = CounterRange.split(spec.start(), spec.lastValue(), spec.counters(), spec::counterName);
        this.prefetching = spec.prefetch() && spec.batch() > 1;
    }

    /** Opens an allocator; reserves nothing until the first {@link #next()}. */
    public static SequenceAllocator open(SequenceSpec spec, CounterStore store) {
        return new SequenceAllocator(spec, store);
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
                    maybeStartPrefetch();
                    return id;
                }
                if (prefetched != null) {
                    install(prefetched);
                    prefetched = null;
                } else if (prefetchInFlight) {
                    awaitPrefetch();
                } else {
                    // Nothing under way: reserve on the caller's thread. Holding the ReentrantLock here makes the
                    // other callers wait for this range instead of reserving ranges of their own.
                    install(reserve());
                }
            }
        } finally {
            lock.unlock();
        }
    }

    /** Stops the background prefetch. The unused rest of the reserved ranges is abandoned. */
    @Override
    public void close() {
        lock.lock();
        try {
            closed = true;
            prefetched = null;
            remaining = 0;
            if (prefetcher != null) {
                prefetcher.shutdown();
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

    private void install(IdBlock block) {
        nextId = block.first();
        remaining = block.size();
        blockSize = remaining;
        prefetchFailedForBlock = false;
    }

    private void awaitPrefetch() {
        try {
            prefetchSettled.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IdAllocationException(spec.name(), spec.counterName(0), e);
        }
    }

    private void maybeStartPrefetch() {
        if (!prefetching || prefetchInFlight || prefetched != null || prefetchFailedForBlock
                || remaining * 2 > blockSize || allExhausted()) {
            return;
        }
        if (prefetcher == null) {
            prefetcher = newPrefetcher();
        }
        prefetchInFlight = true;
        try {
            prefetcher.execute(this::prefetch);
        } catch (RejectedExecutionException e) {
            prefetchInFlight = false;
        }
    }

    private void prefetch() {
        IdBlock block = null;
        try {
            block = reserve();
        } catch (RuntimeException e) {
            // Not fatal: the next caller that needs a range reserves it itself and sees the failure if it lasts.
        }
        lock.lock();
        try {
            prefetchInFlight = false;
            if (block == null) {
                prefetchFailedForBlock = true;
            } else if (!closed) {
                prefetched = block;
            }
            prefetchSettled.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /**
     * Reserves the next block from a counter picked at random among those not known to be exhausted. Only one
     * reservation runs at a time: on the caller's thread under the lock, or as the one prefetch in flight.
     */
    private IdBlock reserve() {
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

    private ExecutorService newPrefetcher() {
        String threadName = "keysmith-prefetch-" + spec.name();
        ThreadPoolExecutor executor = new ThreadPoolExecutor(0, 1, 30, TimeUnit.SECONDS, new LinkedBlockingQueue<>(),
                task -> {
                    Thread thread = new Thread(task, threadName);
                    thread.setDaemon(true);
                    return thread;
                });
        return executor;
    }
}
