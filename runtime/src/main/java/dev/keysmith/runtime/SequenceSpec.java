package dev.keysmith.runtime;

import dev.keysmith.runtime.internal.IdRules;
import java.util.List;

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
 */
public record SequenceSpec(String name, int batch, boolean prefetch, int counters, int digits, long start,
        boolean intId) {

    /**
     * Checks the settings.
     *
     * @throws IllegalArgumentException naming the attribute, its value and the sequence when a value is out of range
     *     or the values do not fit together (the rule book's first broken rule, the text of the processor's error)
     */
    public SequenceSpec {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("@Sequence(name = " + (name == null ? "null" : "\"" + name + "\"")
                    + "): a sequence needs a name that is not blank");
        }
        List<IdRules.Violation> broken = IdRules.sequence(batch, counters, digits, start, intId, null, null);
        if (!broken.isEmpty()) {
            throw new IllegalArgumentException(broken.get(0).message() + " (sequence '" + name + "')");
        }
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

    /**
     * What would make room once every id in {@code [start, lastValue()]} is handed out, for this id type and these
     * settings: more digits where the type has room for them, a {@code long} id where an {@code int} one is full.
     */
    public String exhaustionHint() {
        int typeDigits = intId ? IdRules.MAX_INT_DIGITS : IdRules.MAX_DIGITS; // the most digits whose every value fits the type
        if (digits > 0 && digits < typeDigits) {
            return "raise @Sequence(digits) above " + digits + " (at most " + typeDigits + " for "
                    + (intId ? "an int" : "a long") + " id)" + (intId ? " or use a long id" : "");
        }
        if (intId) {
            return "use a long or Long id to make room";
        }
        return digits > 0 ? "@Sequence(digits = " + digits + ") is the most a long id can hold; remove digits to use"
                + " every long up to " + Long.MAX_VALUE : "a long id has no more room";
    }

    /** The largest id the sequence may hand out. */
    public long lastValue() {
        return IdRules.lastValue(digits, intId);
    }

    /**
     * The name of counter {@code index} (0-based): the sequence's name with one counter, {@code name + "#" + index}
     * with several.
     */
    public String counterName(int index) {
        if (index < 0 || index >= counters) {
            throw new IndexOutOfBoundsException("sequence '" + name + "' has counters 0 to " + (counters - 1)
                    + ", not " + index);
        }
        return counters == 1 ? name : name + "#" + index;
    }
}
