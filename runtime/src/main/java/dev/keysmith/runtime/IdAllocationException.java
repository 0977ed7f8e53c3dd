package dev.keysmith.runtime;

/**
 * Thrown when ids could not be reserved because the counter store failed (the database went away, a write
 * timed out). The cause is the store's exception. No id was handed out; the next attempt may succeed.
 *
 * <p>Immutable.
 */
public final class IdAllocationException extends RuntimeException {

    private final String sequence;
    private final String counter;

    public IdAllocationException(String sequence, String counter, Throwable cause) {
        super("could not reserve ids for sequence '" + sequence + "' from counter '" + counter + "': "
                + cause.getMessage(), cause);
        this.sequence = sequence;
        this.counter = counter;
    }

    /** The sequence's name. */
    public String sequence() {
        return sequence;
    }

    /** The counter that could not be incremented. */
    public String counter() {
        return counter;
    }
}
