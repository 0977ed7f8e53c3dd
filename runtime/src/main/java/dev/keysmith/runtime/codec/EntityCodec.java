package dev.keysmith.runtime.codec;

import dev.keysmith.runtime.SequenceAllocator;
import org.bson.BsonValue;
import org.bson.codecs.CollectibleCodec;

/**
 * The generated codec of an entity: a {@link CollectibleCodec} that also tells the repositories what they need
 * to know about the entity, without reflection.
 *
 * <p>{@link #generateIdIfAbsentFromDocument(Object)} assigns an id by the entity's strategy when the id is
 * absent (null, or 0 for a primitive number) and keeps one that is set; for records and immutable classes it
 * returns a new instance.
 *
 * <p>Implementations are immutable and thread-safe.
 *
 * @param <T> the entity type
 */
public interface EntityCodec<T> extends CollectibleCodec<T>, StoredCodec<T> {

    /** The entity's id strategy. */
    IdStrategy idStrategy();

    /**
     * How many ids an insert tries before it gives up: {@code @RandomId(attempts)}, 1 for every other
     * strategy.
     */
    int insertAttempts();

    /**
     * The allocator of the entity's {@code @Sequence}, shared with every entity that names the same sequence; null
     * for every other strategy (and for codecs generated before keysmith wrote this method). The repositories use it
     * to resync the sequence's counters after a duplicate id, and the non-blocking routes to await an id
     * ({@link SequenceAllocator#nextAsync()}) that they give with {@link #withSequenceId}.
     */
    default SequenceAllocator sequence() {
        return null;
    }

    /**
     * The id as it is stored, for a value of the entity's id type (a {@code String} id of a
     * {@code @GeneratedObjectId} becomes a BSON ObjectId, a {@code UUID} binary subtype 4).
     *
     * @throws IllegalArgumentException naming the entity if {@code id} is not of the id type or is malformed
     */
    BsonValue idToBson(Object id);

    /** The entity's id as it is in Java (a primitive boxed), whether or not {@link #documentHasId} holds. */
    Object idOf(T entity);

    /** The stored id, by {@link #idToBson}; shared here so that every generated codec need not repeat it. */
    @Override
    default BsonValue getDocumentId(T document) {
        if (!documentHasId(document)) {
            throw new IllegalStateException("The " + getEncoderClass().getSimpleName() + " has no id yet");
        }
        return idToBson(idOf(document));
    }

    /**
     * The entity itself when it has an id, else {@link #withNewId}; an entity with an assigned id (no id
     * annotation) and none set is refused, since keysmith makes no ids for it.
     */
    @Override
    default T generateIdIfAbsentFromDocument(T document) {
        if (documentHasId(document)) {
            return document;
        }
        if (idStrategy() == IdStrategy.ASSIGNED) {
            throw new IllegalArgumentException("The " + getEncoderClass().getSimpleName() + " has no id: its id "
                    + "carries no id annotation, so the application sets it before inserting");
        }
        return withNewId(document);
    }

    /**
     * The entity with a fresh id by its strategy, whether or not it had one (used to retry an insert after a
     * duplicate id); a new instance for records and immutable classes, the same instance otherwise.
     */
    T withNewId(T entity);

    /**
     * The entity with the sequence id {@code id} (taken from {@link #sequence()}), whether or not it had one: a new
     * instance for records and immutable classes, the same instance otherwise. {@link #withNewId} of a
     * {@code @Sequence} entity is this with {@code sequence().next()}.
     *
     * @throws IllegalStateException if the entity's id is not a {@code @Sequence}
     * @throws ArithmeticException if the id does not fit an {@code int} id
     */
    default T withSequenceId(T entity, long id) {
        throw new IllegalStateException("The " + getEncoderClass().getSimpleName() + " has a " + idStrategy()
                + " id, not a @Sequence");
    }

    /**
     * Undoes an id assignment that {@link #generateIdIfAbsentFromDocument(Object)} or {@link #withNewId(Object)}
     * made in place: sets the id of {@code entity} back to absent (null, or 0 for a primitive number), so that an
     * insert that failed leaves the caller's instance as it was. Does nothing for records and immutable classes,
     * whose instances are never changed.
     */
    void forgetAssignedId(T entity);
}
