package dev.keysmith.runtime;

/**
 * Hands out the ids of one sequence from ranges reserved in a {@link CounterStore}.
 *
 * <p>Each reservation takes {@code batch} values from one counter (picked at random among the counters that
 * are not exhausted, when there are several) and the allocator hands them out one by one. With prefetch, the
 * next range is reserved on a background thread when the current one is half used, so that in steady state
 * {@link #next()} never waits on the store. Values of a range that is not used up (the allocator is closed,
 * the process stops) are never handed out again: gaps, never duplicates.
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

    /** Opens an allocator; reserves nothing until the first {@link #next()}. */
    public static SequenceAllocator open(SequenceSpec spec, CounterStore store) {
        throw new UnsupportedOperationException("implemented in the runtime issue");
    }

    /** The settings this allocator was opened with. */
    public SequenceSpec spec() {
        throw new UnsupportedOperationException("implemented in the runtime issue");
    }

    /**
     * The next id.
     *
     * @throws IdSpaceExhaustedException when the whole id space is used up
     * @throws IdAllocationException when the store fails
     * @throws IllegalStateException when the allocator is closed
     */
    public long next() {
        throw new UnsupportedOperationException("implemented in the runtime issue");
    }

    /** Stops the background prefetch. The unused rest of the reserved ranges is abandoned. */
    @Override
    public void close() {
        throw new UnsupportedOperationException("implemented in the runtime issue");
    }
}
