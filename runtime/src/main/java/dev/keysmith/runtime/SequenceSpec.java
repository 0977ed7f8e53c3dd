package dev.keysmith.runtime;

/**
 * The settings of one sequence, as {@code @Sequence} declares them, checked.
 *
 * <p>The id space is {@code [start, lastValue()]}, where {@link #lastValue()} is {@code 10^digits - 1} when
 * {@code digits > 0}, capped by the id type ({@code Integer.MAX_VALUE} for {@code int} ids,
 * {@code Long.MAX_VALUE} otherwise). With {@code counters = K > 1} it is split into K contiguous ranges of
 * (nearly) equal size, range {@code i} owned by the counter {@code name + "#" + i}; with one counter the
 * counter's name is the sequence's name.
 *
 * <pre>{@code
 * SequenceSpec invoices = SequenceSpec.of("invoices").withBatch(100);
 * }</pre>
 *
 * <p>Immutable.
 *
 * @param name the sequence's name, not blank
 * @param batch ids reserved per round trip, at least 1
 * @param prefetch whether the next batch is reserved in the background (never when {@code batch = 1})
 * @param counters how many counters share the id space, at least 1; more than 1 needs {@code digits}
 * @param digits the most digits an id may have, 0 (no limit) to 18
 * @param start the first id, at least 0 and at most {@link #lastValue()}
 * @param intId whether the ids go into an {@code int} or {@code Integer}
 * @throws IllegalArgumentException naming the attribute and its value when a value is out of range or the
 *     values do not fit together
 */
public record SequenceSpec(String name, int batch, boolean prefetch, int counters, int digits, long start,
        boolean intId) {

    public SequenceSpec {
        throw new UnsupportedOperationException("implemented in the runtime issue");
    }

    /** A sequence with the defaults of {@code @Sequence}: batch 50, prefetch, one counter, no digit limit, start 1, long ids. */
    public static SequenceSpec of(String name) {
        return new SequenceSpec(name, 50, true, 1, 0, 1, false);
    }

    public SequenceSpec withBatch(int batch) {
        return new SequenceSpec(name, batch, prefetch, counters, digits, start, intId);
    }

    public SequenceSpec withPrefetch(boolean prefetch) {
        return new SequenceSpec(name, batch, prefetch, counters, digits, start, intId);
    }

    public SequenceSpec withCounters(int counters, int digits) {
        return new SequenceSpec(name, batch, prefetch, counters, digits, start, intId);
    }

    public SequenceSpec withDigits(int digits) {
        return new SequenceSpec(name, batch, prefetch, counters, digits, start, intId);
    }

    public SequenceSpec withStart(long start) {
        return new SequenceSpec(name, batch, prefetch, counters, digits, start, intId);
    }

    public SequenceSpec withIntIds(boolean intId) {
        return new SequenceSpec(name, batch, prefetch, counters, digits, start, intId);
    }

    /** The largest id the sequence may hand out. */
    public long lastValue() {
        throw new UnsupportedOperationException("implemented in the runtime issue");
    }
}
