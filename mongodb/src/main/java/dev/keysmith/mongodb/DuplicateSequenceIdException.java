package dev.keysmith.mongodb;

/**
 * An insert met a document that already holds the id a {@code @Sequence} handed out: the sequence's counter is
 * behind the data of the collection (documents imported or restored with ids of the sequence's space, a counters
 * collection dropped or restored older). The message names the entity, the sequence, the id and the fix
 * ({@code Keysmith#resync}); nothing stored was changed and nothing of the failed call was inserted.
 *
 * <p>keysmith's repositories resync the counter and retry once before they throw this; see
 * {@code docs/sequences-in-production.md}.
 *
 * <p>Immutable.
 */
public final class DuplicateSequenceIdException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final transient Class<?> entity;
    private final String collection;
    private final String sequence;
    private final transient Object id;

    public DuplicateSequenceIdException(Class<?> entity, String collection, String sequence, Object id,
            String message, Throwable cause) {
        super(message, cause);
        this.entity = entity;
        this.collection = collection;
        this.sequence = sequence;
        this.id = id;
    }

    /** The entity type that was inserted. */
    public Class<?> entity() {
        return entity;
    }

    /** The collection it was inserted into. */
    public String collection() {
        return collection;
    }

    /** The sequence that handed out the id. */
    public String sequence() {
        return sequence;
    }

    /** The id that was already taken. */
    public Object id() {
        return id;
    }
}
