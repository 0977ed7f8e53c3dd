package dev.keysmith.mongodb.reactive.internal;

import com.mongodb.MongoWriteException;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.ReplaceOptions;
import com.mongodb.reactivestreams.client.MongoCollection;
import dev.keysmith.mongodb.internal.MongoRepository;
import dev.keysmith.mongodb.reactive.ReactiveRepository;
import dev.keysmith.runtime.RandomIdExhaustedException;
import dev.keysmith.runtime.codec.EntityCodec;
import dev.keysmith.runtime.codec.IdStrategy;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import org.bson.BsonValue;
import org.bson.conversions.Bson;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * {@link ReactiveRepository} over a reactive typed collection whose codec is the entity's generated
 * {@link EntityCodec}.
 *
 * <p>Thread-safe.
 */
public final class ReactiveMongoRepository<T, ID> implements ReactiveRepository<T, ID> {

    private final MongoCollection<T> collection;
    private final EntityCodec<T> codec;

    public ReactiveMongoRepository(MongoCollection<T> collection, EntityCodec<T> codec) {
        this.collection = collection;
        this.codec = codec;
    }

    @Override
    public Mono<T> insert(T entity) {
        Objects.requireNonNull(entity, "entity");
        return Mono.defer(() -> {
            boolean generated = !codec.documentHasId(entity);
            return NonBlockingIds.ifAbsent(codec, entity)
                    .flatMap(candidate -> insertRetrying(candidate, generated, 1))
                    .doOnError(failure -> {
                        if (generated) {
                            codec.forgetAssignedId(entity); // the caller's instance is left as it was
                        }
                    });
        });
    }

    private Mono<T> insertRetrying(T candidate, boolean generated, int attempt) {
        return Mono.from(collection.insertOne(candidate)).thenReturn(candidate).onErrorResume(
                MongoWriteException.class, e -> {
                    boolean retries = generated && codec.idStrategy() == IdStrategy.RANDOM;
                    if (!retries || !MongoRepository.isDuplicateId(e.getError().getCategory(),
                            e.getError().getMessage())) {
                        return Mono.error(e);
                    }
                    if (attempt >= codec.insertAttempts()) {
                        return Mono.error(new RandomIdExhaustedException(codec.getEncoderClass().getSimpleName(),
                                collection.getNamespace().getCollectionName(), attempt, e));
                    }
                    return NonBlockingIds.fresh(codec, candidate)
                            .flatMap(next -> insertRetrying(next, true, attempt + 1));
                });
    }

    @Override
    public Flux<T> insertAll(Collection<? extends T> entities) {
        Objects.requireNonNull(entities, "entities");
        List<T> originals = new ArrayList<>(entities);
        for (int i = 0; i < originals.size(); i++) {
            if (originals.get(i) == null) {
                throw new IllegalArgumentException("insertAll: the entity at index " + i + " of "
                        + originals.size() + " is null; nothing was inserted");
            }
        }
        return Flux.defer(() -> {
            List<T> inserted = new ArrayList<>(originals.size()); // touched by one insert at a time (concatMap)
            return Flux.fromIterable(originals)
                    .concatMap(entity -> insert(entity).doOnNext(inserted::add))
                    .onErrorResume(failure -> undo(inserted, failure));
        });
    }

    /** Deletes the entities a failed {@link #insertAll} inserted, forgets their generated ids, then fails with it. */
    private Flux<T> undo(List<T> inserted, Throwable failure) {
        if (inserted.isEmpty()) {
            return Flux.error(failure);
        }
        List<BsonValue> ids = new ArrayList<>(inserted.size());
        for (T entity : inserted) {
            ids.add(codec.getDocumentId(entity));
        }
        return Mono.from(collection.deleteMany(Filters.in("_id", ids)))
                .onErrorResume(cleanup -> {
                    failure.addSuppressed(cleanup);
                    return Mono.empty();
                })
                .thenMany(Flux.error(failure));
    }

    @Override
    public Mono<T> findById(ID id) {
        Objects.requireNonNull(id, "id");
        return Mono.defer(() -> Mono.from(collection.find(Filters.eq("_id", codec.idToBson(id))).first()));
    }

    @Override
    public Flux<T> find(Bson filter) {
        Objects.requireNonNull(filter, "filter");
        return Flux.from(collection.find(filter));
    }

    @Override
    public Flux<T> findAll() {
        return Flux.from(collection.find());
    }

    @Override
    public Mono<T> save(T entity) {
        Objects.requireNonNull(entity, "entity");
        return Mono.defer(() -> {
            if (!codec.documentHasId(entity)) {
                return insert(entity);
            }
            return Mono.from(collection.replaceOne(Filters.eq("_id", codec.getDocumentId(entity)), entity,
                    new ReplaceOptions().upsert(true))).thenReturn(entity);
        });
    }

    @Override
    public Mono<Boolean> deleteById(ID id) {
        Objects.requireNonNull(id, "id");
        return Mono.defer(() -> Mono.from(collection.deleteOne(Filters.eq("_id", codec.idToBson(id))))
                .map(result -> result.getDeletedCount() > 0));
    }

    @Override
    public Mono<Long> count() {
        return Mono.from(collection.countDocuments());
    }
}
