package dev.keysmith.runtime;

/**
 * Where sequence counters live: one counter per name, each a non-negative number that only grows.
 *
 * <p>The MongoDB implementation keeps one document per counter ({@code findOneAndUpdate} with {@code $inc}
 * and upsert); the Hibernate one keeps one row per counter in {@code keysmith_sequences}. Implementations
 * must never join a caller's session or transaction: a reservation is durable once this method returns,
 * whatever the caller does afterwards.
 *
 * <p>Thread-safe: implementations must be safe to call from many threads and many processes at once.
 */
@FunctionalInterface
public interface CounterStore {

    /**
     * Atomically adds {@code count} to the counter named {@code counter} (an absent counter counts as 0 and is
     * created) and returns the counter's value before the addition. The caller then owns the offsets
     * {@code [returned, returned + count)}; no other call, in this process or another, ever gets any of them.
     *
     * @param counter the counter's name, as the allocator derives it from the sequence name
     * @param count how many values to reserve, at least 1
     * @return the counter's value before the addition
     * @throws RuntimeException if the store cannot be reached or the write fails; nothing is reserved then
     *     as far as the caller can tell (a reservation that did reach the store is simply never used)
     */
    long reserve(String counter, long count);
}
