package dev.keysmith.mongodb;

import java.util.Collection;
import java.util.List;
import java.util.Optional;
import org.bson.conversions.Bson;

/**
 * The everyday operations on the collection of one entity, with ids assigned by the entity's strategy.
 *
 * <pre>{@code
 * Repository<Person, String> people = keysmith.repository(Person.class);
 * Person ada = people.insert(new Person("Ada"));          // ada.id is set
 * Optional<Person> again = people.findById(ada.id);
 * }</pre>
 *
 * <p>A null entity, id or filter is refused with {@link NullPointerException} naming the argument; a null
 * element of {@link #insertAll} with {@link IllegalArgumentException} naming its index, before anything is inserted.
 *
 * <p>Thread-safe.
 *
 * @param <T> the entity type
 * @param <ID> the Java type of the entity's id ({@code String}, {@code ObjectId}, {@code UUID}, {@code Long}, ...)
 */
public interface Repository<T, ID> {

    /**
     * Inserts {@code entity}, with a new id by its strategy unless it has one (an id already set is kept).
     * {@code @RandomId} entities whose id was generated are retried with a fresh id on a duplicate key on
     * {@code _id}, up to {@code attempts} times; then {@link dev.keysmith.runtime.RandomIdExhaustedException} names
     * the entity, the collection and the attempts. A duplicate on any other unique index is thrown at once. If the insert fails, an id generated
     * for a class's instance is removed from it again, so that the instance can be sent again as it was.
     *
     * @return the entity with its id: the same instance for classes, a new instance for records and immutable
     *     classes
     */
    T insert(T entity);

    /**
     * Inserts every entity, in order, as {@link #insert(Object)} does. If one fails, the entities of this call
     * that were already inserted are deleted again before the exception is thrown, so that nothing of a
     * failed call stays in the collection, and the ids generated for the caller's instances are removed from them
     * again. The index of a failed entity, in the exception, counts from the first entity of the call.
     *
     * @return the entities with their ids, in the order given
     */
    List<T> insertAll(Collection<? extends T> entities);

    /** The entity whose id is {@code id}, if there is one. */
    Optional<T> findById(ID id);

    /** The entities that match {@code filter} (built with {@code com.mongodb.client.model.Filters}). */
    List<T> find(Bson filter);

    /** Every entity of the collection. */
    List<T> findAll();

    /**
     * Replaces the stored entity with the same id, or inserts {@code entity} (with a new id if it has none).
     *
     * @return the entity with its id, as {@link #insert(Object)}
     */
    T save(T entity);

    /** Deletes the entity whose id is {@code id}; true if there was one. */
    boolean deleteById(ID id);

    /** How many entities the collection holds. */
    long count();
}
