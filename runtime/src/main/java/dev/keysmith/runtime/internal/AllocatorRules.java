package dev.keysmith.runtime.internal;

/**
 * The checks of the allocator settings, with their messages, for every builder that takes them:
 * {@code IdGenerators.Builder} and the builders of the front ends that pass them on to it ({@code Keysmith.Builder}
 * and {@code ReactiveKeysmith.Builder} through {@code CounterSettings}), which check at their own call rather than at
 * {@code build()}.
 *
 * <p>Thread-safe (stateless).
 */
public final class AllocatorRules {

    private AllocatorRules() {
    }

    /**
     * {@code maxBatches}, the most batches one reservation of a prefetching sequence may take.
     *
     * @throws IllegalArgumentException naming {@code prefetchBatches} and the value if it is below 1
     */
    public static int prefetchBatches(int maxBatches) {
        if (maxBatches < 1) {
            throw new IllegalArgumentException("prefetchBatches must be at least 1, but was " + maxBatches);
        }
        return maxBatches;
    }
}
