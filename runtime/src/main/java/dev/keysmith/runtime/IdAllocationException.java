package dev.keysmith.runtime;

/**
 * Thrown when ids could not be reserved: the counter store failed (the database went away, a write timed out; the
 * cause is the store's exception), the sequence is failing fast after such a failure (the cause is that failure's),
 * no range came within the allocation timeout, or the caller was interrupted while waiting (the cause is the
 * {@link InterruptedException}, and the thread's interrupt flag is set). No id was handed out; a later call may
 * succeed.
 *
 * <p>Immutable.
 */
public final class IdAllocationException extends RuntimeException {

    private final String sequence;
    private final String counter;

    public IdAllocationException(String sequence, String counter, Throwable cause) {
        this(sequence, counter, "could not reserve ids for sequence '" + sequence + "' from counter '" + counter
                + "': " + cause.getMessage(), cause);
    }

    public IdAllocationException(String sequence, String counter, String message, Throwable cause) {
        super(message, cause);
        this.sequence = sequence;
        this.counter = counter;
    }

    /** The sequence's name. */
    public String sequence() {
        return sequence;
    }

    /** The counter that could not be incremented, or null when the call failed before a counter was picked. */
    public String counter() {
        return counter;
    }
}
