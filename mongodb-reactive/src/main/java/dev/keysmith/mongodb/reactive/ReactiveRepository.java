package dev.keysmith.mongodb.reactive;

import java.util.Collection;
import org.bson.conversions.Bson;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The everyday operations on the collection of one entity, with ids assigned by the entity's strategy, none of them
 * blocking a thread: {@code dev.keysmith.mongodb.Repository}'s shape, returning Reactor's {@link Mono} and
 * {@link Flux} (both are reactive streams {@code Publisher}s). Nothing happens until a subscription.
 *
 * <pre>{@code
 * ReactiveRepository<Invoice, Long> invoices = keysmith.repository(Invoice.class);
 * invoices.insert(new Invoice(null, total))          // a @Sequence id, awaited without a thread
 *         .flatMap(saved -> invoices.findById(saved.number()))
 *         .subscribe(found -> ...);
 * }</pre>
 *
 * <p>A null entity, id or filter is refused with {@link NullPointerException} naming the argument, at the call; a null
 * element of {@link #insertAll} with {@link IllegalArgumentException} naming its index, before anything is
 * inserted.
 *
 * <p>Thread-safe.
 *
 * @param <T> the entity type
 * @param <ID> the Java type of the entity's id
 */
public interface ReactiveRepository<T, ID> {

    /**
     * Inserts {@code entity}, with a new id by its strategy unless it has one (an id already set is kept). A
     * {@code @Sequence} id is awaited from the sequence without blocking; {@code @RandomId} entities whose id was
     * generated are retried with a fresh id on a duplicate key on {@code _id}, up to {@code attempts} times, then
     * fail with {@link dev.keysmith.runtime.RandomIdExhaustedException}. A {@code @Sequence} id that is already taken
     * (the counter is behind the collection's data: documents imported or restored) resyncs the sequence without
     * blocking ({@link ReactiveKeysmith#resync}) and is retried once with a new id, as the blocking repository does;
     * a second taken id, or the first with {@code resyncOnDuplicateId(false)}, fails with
     * {@link dev.keysmith.mongodb.DuplicateSequenceIdException} naming the entity, the sequence, the id and the fix. If
     * the insert fails, an id generated for a class's instance is removed from it again. Cancelling before the insert
     * is sent leaves at most a gap in a sequence.
     *
     * @return the entity with its id: the same instance for classes, a new instance for records and immutable
     *     classes
     */
    Mono<T> insert(T entity);

    /**
     * Inserts every entity, with ids as {@link #insert(Object)} gives them, in one {@code insertMany} (ordered): a
     * {@code @RandomId} that collides is drawn again and the entities from it on are sent again; a {@code @Sequence}
     * id already taken resyncs the sequence once and the entities from it on are sent again with new ids. If one
     * fails, the
     * entities of this call that were already inserted are deleted again before the error is signalled, and the ids
     * generated for the caller's instances are removed from them again.
     *
     * @return the entities with their ids, in the order given
     */
    Flux<T> insertAll(Collection<? extends T> entities);

    /** The entity whose id is {@code id}, or empty. */
    Mono<T> findById(ID id);

    /** The entities that match {@code filter} (built with {@code com.mongodb.client.model.Filters}). */
    Flux<T> find(Bson filter);

    /** Every entity of the collection. */
    Flux<T> findAll();

    /**
     * Replaces the stored entity with the same id, or inserts {@code entity} (with a new id if it has none).
     *
     * @return the entity with its id, as {@link #insert(Object)}
     */
    Mono<T> save(T entity);

    /** Deletes the entity whose id is {@code id}; true if there was one. */
    Mono<Boolean> deleteById(ID id);

    /** How many entities the collection holds. */
    Mono<Long> count();
}
