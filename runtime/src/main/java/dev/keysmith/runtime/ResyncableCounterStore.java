package dev.keysmith.runtime;

/**
 * A {@link CounterStore} whose counters can be read and brought up to the data: what {@link SequenceResync} needs.
 * The MongoDB store and the SQL table store of keysmith implement it.
 *
 * <p>Thread-safe: implementations must be safe to call from many threads and many processes at once, and their
 * {@link #raise} must be safe while other processes reserve from the same counter.
 */
public interface ResyncableCounterStore extends CounterStore {

    /**
     * The counter's value (how many values were reserved from it so far), without changing it; 0 for a counter
     * that does not exist yet.
     *
     * @throws RuntimeException if the store cannot be reached, or the counter is malformed
     */
    long value(String counter);

    /**
     * Atomically raises the counter to {@code atLeast} if it is below (creating it if absent), and never lowers
     * it: a reservation that ran before keeps its values, one that runs after gets values from {@code atLeast}
     * on. MongoDB does it with {@code $max}, SQL with a guarded {@code update}.
     *
     * @param atLeast the value the counter must at least have, at least 0
     * @return the counter's value after the call ({@code max(before, atLeast)})
     * @throws RuntimeException if the store cannot be reached, or the counter is malformed (it is left unchanged)
     */
    long raise(String counter, long atLeast);
}
