package dev.keysmith.runtime.internal;

/**
 * The part {@code [first, last]} of a sequence's id space that one counter owns, and how a reservation from that
 * counter maps to ids: offset {@code n} of the counter is id {@code first + n}; offsets past the range are not ids.
 *
 * <p>Thread-safe: immutable but for the {@code exhausted} flag, which only ever goes from false to true.
 */
public final class CounterRange {

    private final String counter;
    private final long first;
    private final long last;
    private volatile boolean exhausted;

    public CounterRange(String counter, long first, long last) {
        if (first > last) {
            throw new IllegalArgumentException("empty range [" + first + ", " + last + "] for counter '" + counter + "'");
        }
        this.counter = counter;
        this.first = first;
        this.last = last;
    }

    /**
     * Splits {@code [first, last]} into {@code counters} contiguous ranges whose sizes differ by at most one (the
     * first ones are the larger), named by {@code names}.
     */
    public static CounterRange[] split(long first, long last, int counters, java.util.function.IntFunction<String> names) {
        if (counters == 1) {
            return new CounterRange[] {new CounterRange(names.apply(0), first, last)};
        }
        // counters > 1 needs digits <= 18, so the size of the space fits in a long
        long size = last - first + 1;
        long base = size / counters;
        long larger = size % counters;
        CounterRange[] ranges = new CounterRange[counters];
        long from = first;
        for (int i = 0; i < counters; i++) {
            long length = base + (i < larger ? 1 : 0);
            ranges[i] = new CounterRange(names.apply(i), from, from + length - 1);
            from += length;
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

    /**
     * The value at which this counter's part of the id space is used up ({@code last - first + 1}, offsets
     * {@code 0..last - first} being ids), capped at {@code Long.MAX_VALUE}: a counter is never written past it.
     */
    public long counterLimit() {
        long width = last - first;
        return width == Long.MAX_VALUE ? Long.MAX_VALUE : width + 1;
    }

    public boolean isExhausted() {
        return exhausted;
    }

    /**
     * The ids of the reservation of {@code count} offsets starting at {@code offset}, clipped at {@link #last()}
     * (and below {@link #counterLimit()}); null (and the range is marked exhausted) when the offset is already past
     * it, as a store returns it for a counter at its limit.
     */
    public IdBlock idsOf(long offset, long count) {
        long lastUsable = counterLimit() - 1; // offsets 0..lastUsable are ids (all of [first, last] but Long.MAX_VALUE
                                              // itself when first is 0: no counter value is past it)
        if (offset < 0) {
            throw new IllegalStateException("counter '" + counter + "' returned the negative value " + offset
                    + "; a counter only grows from 0");
        }
        if (offset > lastUsable) {
            exhausted = true;
            return null;
        }
        long lastOffset = offset + Math.min(count - 1, lastUsable - offset);
        if (lastOffset == lastUsable) {
            exhausted = true;
        }
        return new IdBlock(counter, first + offset, first + lastOffset);
    }

    @Override
    public String toString() {
        return counter + "[" + first + ", " + last + "]";
    }
}
