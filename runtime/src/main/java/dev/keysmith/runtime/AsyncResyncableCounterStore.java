package dev.keysmith.runtime;

import java.util.concurrent.CompletionStage;

/**
 * An {@link AsyncCounterStore} whose counters can be read and brought up to the data without blocking: what
 * {@link SequenceResync#checkAsync} and {@link SequenceResync#resyncAsync} need, as {@link ResyncableCounterStore} is
 * for the blocking procedure. The reactive MongoDB store of keysmith implements it.
 *
 * <p>Thread-safe: implementations must be safe to call from many threads and many processes at once, must not block
 * the calling thread, and their {@link #raise} must be safe while other processes reserve from the same counter.
 */
public interface AsyncResyncableCounterStore extends AsyncCounterStore {

    /**
     * As {@link ResyncableCounterStore#value}: completes with the counter's value, 0 for a counter that does not
     * exist yet, without changing it.
     *
     * @return a stage completed exceptionally if the store cannot be reached, or the counter is malformed
     */
    CompletionStage<Long> value(String counter);

    /**
     * As {@link ResyncableCounterStore#raise}: atomically raises the counter to {@code atLeast} if it is below
     * (creating it if absent), never lowers it, and completes with its value after the call
     * ({@code max(before, atLeast)}).
     *
     * @param atLeast the value the counter must at least have, at least 0
     * @return a stage completed exceptionally if the store cannot be reached, or the counter is malformed (it is left
     *     unchanged)
     */
    CompletionStage<Long> raise(String counter, long atLeast);
}
