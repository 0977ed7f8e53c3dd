package dev.keysmith.runtime.testing;

import dev.keysmith.runtime.CounterStore;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A {@link CounterStore} in memory, for tests of the allocator: the counters of one JVM.
 *
 * <p>Thread-safe.
 */
public final class InMemoryCounterStore implements CounterStore {

    private final Map<String, AtomicLong> counters = new ConcurrentHashMap<>();

    @Override
    public long reserve(String counter, long count) {
        return counters.computeIfAbsent(counter, name -> new AtomicLong()).getAndAdd(count);
    }

    /** The counter's value: how many offsets were reserved from it; 0 for a counter never used. */
    public long value(String counter) {
        AtomicLong value = counters.get(counter);
        return value == null ? 0 : value.get();
    }
}
