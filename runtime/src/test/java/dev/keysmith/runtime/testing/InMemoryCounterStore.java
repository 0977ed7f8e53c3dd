package dev.keysmith.runtime.testing;

import dev.keysmith.runtime.ResyncableCounterStore;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A {@link CounterStore} in memory, for tests of the allocator: the counters of one JVM.
 *
 * <p>Thread-safe.
 */
public final class InMemoryCounterStore implements ResyncableCounterStore {

    private final Map<String, AtomicLong> counters = new ConcurrentHashMap<>();

    @Override
    public long reserve(String counter, long count) {
        return counters.computeIfAbsent(counter, name -> new AtomicLong()).getAndAdd(count);
    }

    @Override
    public long reserve(String counter, long count, long limit) {
        AtomicLong value = counters.computeIfAbsent(counter, name -> new AtomicLong());
        while (true) {
            long current = value.get();
            if (current >= limit || value.compareAndSet(current, current + Math.min(count, limit - current))) {
                return current;
            }
        }
    }

    @Override
    public long raise(String counter, long atLeast) {
        return counters.computeIfAbsent(counter, name -> new AtomicLong()).accumulateAndGet(atLeast, Math::max);
    }

    /** Sets the counter's value, as an import or a restore of the counters would. */
    public void set(String counter, long value) {
        counters.computeIfAbsent(counter, name -> new AtomicLong()).set(value);
    }

    /** The counter's value: how many offsets were reserved from it; 0 for a counter never used. */
    @Override
    public long value(String counter) {
        AtomicLong value = counters.get(counter);
        return value == null ? 0 : value.get();
    }
}
