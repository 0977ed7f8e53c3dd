package dev.keysmith.mongodb;

/**
 * Every attempt to insert an {@code @RandomId} entity met an id that was already taken. Raise
 * {@code @RandomId(digits)} (the id space is too full) or {@code attempts}.
 *
 * <p>Immutable.
 */
public final class IdCollisionException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final String collection;
    private final int attempts;

    public IdCollisionException(String collection, int attempts, Throwable lastCollision) {
        super("could not insert into '" + collection + "': each of " + attempts + " attempts drew a random id that "
                + "was already taken; raise @RandomId(digits) to make room, or attempts", lastCollision);
        this.collection = collection;
        this.attempts = attempts;
    }

    /** The collection the entity was to be inserted into. */
    public String collection() {
        return collection;
    }

    /** How many ids were tried. */
    public int attempts() {
        return attempts;
    }
}
