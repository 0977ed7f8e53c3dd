package dev.keysmith.runtime;

/**
 * Thrown when a sequence has handed out every value of its id space {@code [first, last]}.
 *
 * <p>Immutable.
 */
public final class IdSpaceExhaustedException extends RuntimeException {

    private final String sequence;
    private final long first;
    private final long last;

    /**
     * @param hint what would make room, for the id's type and settings (see {@link SequenceSpec#exhaustionHint()})
     */
    public IdSpaceExhaustedException(String sequence, long first, long last, String hint) {
        super("sequence '" + sequence + "' has handed out every id in [" + first + ", " + last + "]; " + hint);
        this.sequence = sequence;
        this.first = first;
        this.last = last;
    }

    /** The sequence's name. */
    public String sequence() {
        return sequence;
    }

    /** The first id of the space. */
    public long first() {
        return first;
    }

    /** The last id of the space. */
    public long last() {
        return last;
    }
}
