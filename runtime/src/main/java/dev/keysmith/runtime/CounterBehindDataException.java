package dev.keysmith.runtime;

import java.util.List;

/**
 * A sequence's counter is behind the data: the collection or table already holds ids that the counter would hand
 * out again (after an import, a restore of one collection, a counter dropped by mistake). Nothing was changed;
 * the message names the sequence, the counter, the largest id and the call or setting that fixes it.
 *
 * <p>Immutable.
 */
public final class CounterBehindDataException extends IllegalStateException {

    private static final long serialVersionUID = 1L;

    private final transient List<CounterStatus> behind;

    /**
     * @param where what was checked, for the message (for example {@code "collection 'invoices'"})
     * @param behind the counters that are behind, at least one
     * @param fix the call or setting that brings them up to the data on this route
     */
    public CounterBehindDataException(String where, List<CounterStatus> behind, String fix) {
        super(SequenceResync.describeBehind(where, behind, fix));
        this.behind = List.copyOf(behind);
    }

    /** The counters found behind the data. */
    public List<CounterStatus> behind() {
        return behind;
    }
}
