package dev.keysmith.quarkus.internal;

import dev.keysmith.mongodb.reactive.internal.NonBlockingIds;
import dev.keysmith.runtime.codec.EntityCodec;
import io.quarkus.mongodb.panache.common.reactive.runtime.ReactiveMongoOperations;
import io.quarkus.mongodb.panache.common.runtime.MongoOperations;
import io.quarkus.mongodb.reactive.ReactiveMongoCollection;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.bson.BsonValue;
import org.bson.codecs.Codec;
import org.bson.codecs.configuration.CodecRegistry;

/**
 * What Panache MongoDB calls once keysmith's build step has rewritten it (see {@code PanacheTransformer} in the
 * deployment module):
 *
 * <ul>
 *   <li>{@code findById}, {@code findByIdOptional}, {@code findByIds} and {@code deleteById}, blocking and reactive,
 *       query the id as the entity's codec stores it ({@link EntityCodec#idToBson}): a {@code @GeneratedObjectId String}
 *       as an ObjectId, a UUID as binary subtype 4 whatever the client's {@code uuidRepresentation};</li>
 *   <li>reactive {@code persist} and {@code persistOrUpdate} give each entity without an id its id before the insert,
 *       without blocking: a {@code @Sequence} id is awaited from the sequence, never reserved on the caller's
 *       thread.</li>
 * </ul>
 *
 * <p>Blocking inserts need no hook: the codec makes the id when the driver inserts. Not for application code.
 *
 * <p>Thread-safe (stateless).
 */
public final class PanacheHooks {

    private PanacheHooks() {
    }

    /** {@code id} as the entity class's codec stores it, or as it is if keysmith has no codec for the class. */
    public static Object storedId(MongoOperations<?, ?> operations, Class<?> entityClass, Object id) {
        return id == null || id instanceof BsonValue ? id
                : storedId(operations.mongoCollection(entityClass).getCodecRegistry(), entityClass, id);
    }

    /** {@link #storedId(MongoOperations, Class, Object)} of each id. */
    public static List<?> storedIds(MongoOperations<?, ?> operations, Class<?> entityClass, List<?> ids) {
        return ids == null ? null : storedIds(operations.mongoCollection(entityClass).getCodecRegistry(), entityClass,
                ids);
    }

    /** As {@link #storedId(MongoOperations, Class, Object)}, for reactive Panache. */
    public static Object storedId(ReactiveMongoOperations<?, ?> operations, Class<?> entityClass, Object id) {
        return id == null || id instanceof BsonValue ? id
                : storedId(operations.mongoCollection(entityClass).getCodecRegistry(), entityClass, id);
    }

    /** As {@link #storedIds(MongoOperations, Class, List)}, for reactive Panache. */
    public static List<?> storedIds(ReactiveMongoOperations<?, ?> operations, Class<?> entityClass, List<?> ids) {
        return ids == null ? null : storedIds(operations.mongoCollection(entityClass).getCodecRegistry(), entityClass,
                ids);
    }

    /** Reactive {@code persist(entity)}: the id first, then Panache's insert. */
    public static Uni<Void> persist(ReactiveInserts panache, ReactiveMongoCollection<?> collection, Object entity) {
        return withId(collection, entity).chain(ready -> panache.keysmith$persist(collection, ready));
    }

    /** Reactive {@code persist(entities)}: every id first, then Panache's one {@code insertMany}. */
    public static Uni<Void> persist(ReactiveInserts panache, ReactiveMongoCollection<?> collection,
            List<Object> entities) {
        return withIds(collection, entities).chain(ready -> panache.keysmith$persist(collection, ready));
    }

    /** Reactive {@code persistOrUpdate(entity)}: an entity without an id gets one, then Panache decides. */
    public static Uni<Void> persistOrUpdate(ReactiveInserts panache, ReactiveMongoCollection<?> collection,
            Object entity) {
        return withId(collection, entity).chain(ready -> panache.keysmith$persistOrUpdate(collection, ready));
    }

    /** Reactive {@code persistOrUpdate(entities)}: every missing id first, then Panache's one bulk write. */
    public static Uni<Void> persistOrUpdate(ReactiveInserts panache, ReactiveMongoCollection<?> collection,
            List<Object> entities) {
        return withIds(collection, entities).chain(ready -> panache.keysmith$persistOrUpdate(collection, ready));
    }

    private static Object storedId(CodecRegistry registry, Class<?> entityClass, Object id) {
        Codec<?> codec = registry.get(entityClass);
        if (!(codec instanceof EntityCodec<?> entity)) {
            return id;
        }
        try {
            return entity.idToBson(id);
        } catch (IllegalArgumentException e) {
            return id; // not an id of this entity (a malformed hex string, say): Panache finds nothing, as before
        }
    }

    private static List<?> storedIds(CodecRegistry registry, Class<?> entityClass, List<?> ids) {
        List<Object> stored = new ArrayList<>(ids.size());
        for (Object id : ids) {
            stored.add(id == null || id instanceof BsonValue ? id : storedId(registry, entityClass, id));
        }
        return stored;
    }

    /** The entity with its id, made without blocking (the same instance for a class, a new one for a record). */
    @SuppressWarnings("unchecked")
    private static Uni<Object> withId(ReactiveMongoCollection<?> collection, Object entity) {
        if (entity == null) {
            return Uni.createFrom().nullItem();
        }
        Codec<?> codec = collection.getCodecRegistry().get(entity.getClass());
        if (!(codec instanceof EntityCodec<?> entityCodec) || entityCodec.sequence() == null) {
            return Uni.createFrom().item(entity); // every other strategy: the codec makes the id at once on insert
        }
        EntityCodec<Object> sequenced = (EntityCodec<Object>) entityCodec;
        return Uni.createFrom().deferred(() -> {
            // keysmith's one non-blocking way to an id (the reactive driver's route takes it too)
            CompletableFuture<Object> ready = NonBlockingIds.ifAbsent(sequenced, entity).toFuture();
            Uni<Object> withId = Uni.createFrom().completionStage(ready);
            Context caller = Vertx.currentContext();
            if (ready.isDone() || caller == null) {
                return withId;
            }
            // the id came on the store's thread: Panache goes on where it was called, on the caller's Vert.x context
            // (its session, the request's context), as it would have without keysmith
            return withId.emitOn(task -> caller.runOnContext(ignored -> task.run()));
        });
    }

    /**
     * The entities with their ids, one after the other: the ids of a list follow its order, as a blocking insertMany's
     * do (a sequence serves one reservation at a time, so awaiting them together would gain nothing).
     */
    private static Uni<List<Object>> withIds(ReactiveMongoCollection<?> collection, List<Object> entities) {
        return Multi.createFrom().iterable(entities)
                .onItem().transformToUniAndConcatenate(entity -> withId(collection, entity))
                .collect().asList();
    }
}
