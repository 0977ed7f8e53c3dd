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

    /**
     * As {@link #reserve(String, long)}, but never takes the counter past {@code limit}: when the counter's value
     * {@code n} is below {@code limit}, atomically reserves {@code min(count, limit - n)} values; when it is at or
     * past {@code limit}, changes nothing. Returns {@code n} either way, so the caller sees how many values it got
     * ({@code min(count, limit - n)}, possibly none). The allocator passes the value at which its counter's part of
     * the id space is used up, so that no counter is ever written past {@code Long.MAX_VALUE} or past the ids a
     * striped counter owns, whatever the server's arithmetic.
     *
     * <p>The default ignores {@code limit} and calls {@link #reserve(String, long)} (the allocator still never hands
     * out an id past the space); keysmith's own stores override it.
     *
     * @param limit the largest value the counter may reach, at least 1
     */
    default long reserve(String counter, long count, long limit) {
        return reserve(counter, count);
    }
}
