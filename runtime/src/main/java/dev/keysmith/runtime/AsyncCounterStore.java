package dev.keysmith.runtime;

import java.util.concurrent.CompletionStage;

/**
 * A {@link CounterStore} that never blocks the calling thread: the reservation completes a stage, on the store's own
 * threads (for MongoDB, the reactive streams driver's). Same counters, same format, same guarantees as
 * {@link CounterStore}: a {@link SequenceAllocator} over either kind hands out ids from the same counter without
 * ever repeating one, also when both kinds are used at once on one database.
 *
 * <p>Implementations must never join a caller's session or transaction, and must not block the thread that calls
 * {@link #reserve}: {@link SequenceAllocator#nextAsync()} may call it on an event loop.
 *
 * <p>Thread-safe: implementations must be safe to call from many threads and many processes at once.
 */
@FunctionalInterface
public interface AsyncCounterStore {

    /**
     * Atomically adds {@code count} to the counter named {@code counter} (an absent counter counts as 0 and is
     * created) and completes with the counter's value before the addition, as {@link CounterStore#reserve} returns
     * it. The caller then owns the offsets {@code [value, value + count)}.
     *
     * @param counter the counter's name, as the allocator derives it from the sequence name
     * @param count how many values to reserve, at least 1
     * @return a stage completed with the counter's value before the addition, or exceptionally if the store cannot
     *     be reached or the write fails (nothing is reserved then, as far as the caller can tell)
     */
    CompletionStage<Long> reserve(String counter, long count);

    /**
     * As {@link #reserve(String, long)}, never taking the counter past {@code limit}, as
     * {@link CounterStore#reserve(String, long, long)} defines it. The default ignores {@code limit} (the allocator
     * still never hands out an id past the space).
     *
     * @param limit the largest value the counter may reach, at least 1
     */
    default CompletionStage<Long> reserve(String counter, long count, long limit) {
        return reserve(counter, count);
    }
}
