package dev.keysmith.runtime.testing;

import dev.keysmith.runtime.CounterStore;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Wraps a {@link CounterStore} and records every call: how many each thread made, the counters asked for, and how
 * many values each call asked for.
 * While {@link #failWith} is set, calls throw that exception instead of reaching the store.
 *
 * <p>Thread-safe.
 */
public final class RecordingCounterStore implements CounterStore {

    private final CounterStore delegate;
    private final Map<Thread, AtomicInteger> callsPerThread = new ConcurrentHashMap<>();
    private final List<String> countersCalled = new CopyOnWriteArrayList<>();
    private final List<Long> counts = new CopyOnWriteArrayList<>();
    private volatile RuntimeException failure;

    public RecordingCounterStore(CounterStore delegate) {
        this.delegate = delegate;
    }

    @Override
    public long reserve(String counter, long count) {
        callsPerThread.computeIfAbsent(Thread.currentThread(), thread -> new AtomicInteger()).incrementAndGet();
        countersCalled.add(counter);
        counts.add(count);
        RuntimeException toThrow = failure;
        if (toThrow != null) {
            throw toThrow;
        }
        return delegate.reserve(counter, count);
    }

    /** Makes every call fail with {@code exception} until it is set back to null. */
    public void failWith(RuntimeException exception) {
        failure = exception;
    }

    /** How many calls {@code thread} made. */
    public int callsBy(Thread thread) {
        AtomicInteger calls = callsPerThread.get(thread);
        return calls == null ? 0 : calls.get();
    }

    /** How many calls all threads but {@code thread} made. */
    public int callsByOthersThan(Thread thread) {
        return callsPerThread.entrySet().stream().filter(entry -> entry.getKey() != thread)
                .mapToInt(entry -> entry.getValue().get()).sum();
    }

    /** How many values each call asked for, in order. */
    public List<Long> counts() {
        return List.copyOf(counts);
    }

    /** The counters called, in order. */
    public List<String> countersCalled() {
        return List.copyOf(countersCalled);
    }
}
