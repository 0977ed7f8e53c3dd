package dev.keysmith.runtime.internal;

import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntFunction;

/**
 * The part {@code [first, last]} of a sequence's id space that one counter owns: offset {@code n} of the counter is
 * id {@code first + n}, and offsets past the part are no ids. An allocator also keeps here whether the counter is used
 * up and, after a resync, up to which id the data holds its ids.
 *
 * <p>Thread-safe.
 */
public final class CounterRange {

    private final String counter;
    private final long first;
    private final long last;
    private volatile boolean exhausted;
    private final AtomicLong staleThrough = new AtomicLong(Long.MIN_VALUE);

    private CounterRange(String counter, long first, long last) {
        this.counter = counter;
        this.first = first;
        this.last = last;
    }

    /** {@code [first, last]} in {@code counters} contiguous ranges whose sizes differ by one at most, larger first. */
    public static CounterRange[] split(long first, long last, int counters, IntFunction<String> names) {
        if (counters == 1) {
            return new CounterRange[] {new CounterRange(names.apply(0), first, last)};
        }
        long size = last - first + 1; // counters > 1 needs digits <= 18: the size fits in a long
        CounterRange[] ranges = new CounterRange[counters];
        for (int i = 0; i < counters; i++) {
            long length = size / counters + (i < size % counters ? 1 : 0);
            ranges[i] = new CounterRange(names.apply(i), first, first + length - 1);
            first += length;
        }
        return ranges;
    }

    public String counter() {
        return counter;
    }

    public long first() {
        return first;
    }

    public long last() {
        return last;
    }

    /** The counter value at which this part is used up ({@code last - first + 1}, at most Long.MAX_VALUE). */
    public long counterLimit() {
        return last - first == Long.MAX_VALUE ? Long.MAX_VALUE : last - first + 1;
    }

    boolean isExhausted() {
        return exhausted;
    }

    /**
     * The ids of {@code count} offsets from {@code offset}, clipped at the part's end; null, the part marked
     * exhausted, when the offset is past it (a store answers so for a counter at its limit).
     */
    AllocatorState.Ready idsOf(long offset, long count) {
        long lastUsable = counterLimit() - 1; // all of [first, last] but Long.MAX_VALUE itself when first is 0
        if (offset < 0) {
            throw new IllegalStateException("counter '" + counter + "' returned the negative value " + offset
                    + "; a counter only grows from 0");
        }
        long lastOffset = offset + Math.min(count - 1, lastUsable - offset);
        exhausted |= lastOffset >= lastUsable;
        return offset > lastUsable ? null : new AllocatorState.Ready(first + offset, first + lastOffset);
    }

    /** The resync's bound: the ids of this part up to it are taken. */
    long staleThrough() {
        return staleThrough.get();
    }

    /** Raises the resync's bound to {@code largestTaken} (never lowers it). */
    void skipThrough(long largestTaken) {
        staleThrough.accumulateAndGet(largestTaken, Math::max);
    }

    @Override
    public String toString() {
        return counter + "[" + first + ", " + last + "]";
    }
}
