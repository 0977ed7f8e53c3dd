package dev.keysmith.mongodb.reactive.internal;

import com.mongodb.MongoBulkWriteException;
import com.mongodb.MongoWriteException;
import com.mongodb.bulk.BulkWriteError;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.ReplaceOptions;
import com.mongodb.reactivestreams.client.MongoCollection;
import dev.keysmith.mongodb.DuplicateSequenceIdException;
import dev.keysmith.mongodb.internal.MongoRepository;
import dev.keysmith.mongodb.reactive.ReactiveRepository;
import dev.keysmith.runtime.CounterStatus;
import dev.keysmith.runtime.RandomIdExhaustedException;
import dev.keysmith.runtime.codec.EntityCodec;
import dev.keysmith.runtime.codec.IdStrategy;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import org.bson.BsonValue;
import org.bson.conversions.Bson;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * {@link ReactiveRepository} over a reactive typed collection whose codec is the entity's generated
 * {@link EntityCodec}.
 *
 * <p>Duplicate ids, as the blocking {@code MongoRepository}: an {@code @RandomId} that collides is drawn again
 * ({@code @RandomId(attempts)}); a {@code @Sequence} id that is already taken means the counter is behind the data:
 * the repository resyncs the sequence without blocking ({@link ReactiveSequenceCounters#resyncAfterDuplicate}) and
 * retries once with a new id (for {@code insertAll}, every entity not yet inserted gets a new id), unless that is
 * switched off; a second duplicate, or the first when it is off, is {@link DuplicateSequenceIdException}.
 *
 * <p>Thread-safe.
 */
public final class ReactiveMongoRepository<T, ID> implements ReactiveRepository<T, ID> {

    private final MongoCollection<T> collection;
    private final EntityCodec<T> codec;
    private final ReactiveSequenceCounters counters;

    /** @param counters the counters of the database, for the resync after a duplicate sequence id */
    public ReactiveMongoRepository(MongoCollection<T> collection, EntityCodec<T> codec,
            ReactiveSequenceCounters counters) {
        this.collection = collection;
        this.codec = codec;
        this.counters = Objects.requireNonNull(counters, "counters");
    }

    @Override
    public Mono<T> insert(T entity) {
        Objects.requireNonNull(entity, "entity");
        return Mono.defer(() -> {
            boolean generated = !codec.documentHasId(entity);
            return NonBlockingIds.ifAbsent(codec, entity)
                    .flatMap(candidate -> insertRetrying(candidate, generated, 1, null))
                    .doOnError(failure -> {
                        if (generated) {
                            codec.forgetAssignedId(entity); // the caller's instance is left as it was
                        }
                    });
        });
    }

    /** @param resynced what the resync after a duplicate sequence id did, or null while none ran for this insert */
    private Mono<T> insertRetrying(T candidate, boolean generated, int attempt, List<CounterStatus> resynced) {
        return Mono.from(collection.insertOne(candidate)).thenReturn(candidate).onErrorResume(
                MongoWriteException.class, e -> {
                    boolean duplicateId = MongoRepository.isDuplicateId(e.getError().getCategory(),
                            e.getError().getMessage());
                    if (duplicateId && generated && codec.sequence() != null) {
                        return resyncAfterDuplicate(codec.idOf(candidate), resynced, e).flatMap(done -> NonBlockingIds
                                .fresh(codec, candidate).flatMap(next -> insertRetrying(next, true, attempt, done)));
                    }
                    if (!retries(generated) || !duplicateId) {
                        return Mono.error(e);
                    }
                    if (attempt >= codec.insertAttempts()) {
                        return Mono.error(exhausted(attempt, e));
                    }
                    return NonBlockingIds.fresh(codec, candidate)
                            .flatMap(next -> insertRetrying(next, true, attempt + 1, resynced));
                });
    }

    /**
     * One {@code insertMany} for all of them, as the blocking repository: a {@code @RandomId} duplicate is drawn
     * again and the rest sent again from it; a duplicate sequence id resyncs the sequence and sends the rest again
     * from it with new ids, once ({@link DuplicateSequenceIdException} after that); any
     * failure deletes what this call inserted before it, and removes the generated ids from the caller's instances.
     */
    @Override
    public Flux<T> insertAll(Collection<? extends T> entities) {
        List<T> originals = MongoRepository.insertable(entities);
        if (originals.isEmpty()) {
            return Flux.empty();
        }
        return Flux.defer(() -> {
            int size = originals.size();
            boolean[] generated = new boolean[size];
            for (int i = 0; i < size; i++) {
                generated[i] = !codec.documentHasId(originals.get(i));
            }
            int[] attempts = new int[size];
            Arrays.fill(attempts, 1);
            return Flux.fromIterable(originals)
                    .concatMap(entity -> NonBlockingIds.ifAbsent(codec, entity))
                    .collectList()
                    .flatMap(prepared -> insertAllFrom(new ArrayList<>(prepared), generated, attempts, 0, null))
                    .flatMapIterable(Function.identity())
                    .doOnError(failure -> {
                        for (int i = 0; i < size; i++) {
                            if (generated[i]) {
                                codec.forgetAssignedId(originals.get(i)); // the caller's instances as they were
                            }
                        }
                    });
        });
    }

    /** Inserts {@code prepared[from..]}; each step runs when the previous one completed (one at a time). */
    private Mono<List<T>> insertAllFrom(List<T> prepared, boolean[] generated, int[] attempts, int from,
            List<CounterStatus> resynced) {
        int size = prepared.size();
        return Mono.from(collection.insertMany(new ArrayList<>(prepared.subList(from, size))))
                .thenReturn(prepared)
                .onErrorResume(MongoBulkWriteException.class, e -> {
                    BulkWriteError error = e.getWriteErrors().isEmpty() ? null : e.getWriteErrors().get(0);
                    if (error == null) {
                        return undo(prepared, from, e);
                    }
                    int failed = from + error.getIndex();
                    boolean duplicateId = MongoRepository.isDuplicateId(error.getCategory(), error.getMessage());
                    MongoBulkWriteException indexed = MongoRepository.indexedFromStart(e, from);
                    if (duplicateId && generated[failed] && codec.sequence() != null) {
                        return resyncAfterDuplicate(codec.idOf(prepared.get(failed)), resynced, indexed)
                                .onErrorResume(DuplicateSequenceIdException.class, duplicate -> undo(prepared, failed,
                                        duplicate))
                                .flatMap(done -> freshFrom(prepared, generated, failed).then(Mono.defer(() ->
                                        insertAllFrom(prepared, generated, attempts, failed, done))));
                    }
                    if (!retries(generated[failed]) || !duplicateId) {
                        return undo(prepared, failed, indexed);
                    }
                    if (attempts[failed] >= codec.insertAttempts()) {
                        return undo(prepared, failed, exhausted(attempts[failed], indexed));
                    }
                    attempts[failed]++;
                    return NonBlockingIds.fresh(codec, prepared.get(failed)).flatMap(next -> {
                        prepared.set(failed, next);
                        return insertAllFrom(prepared, generated, attempts, failed, resynced);
                    });
                });
    }

    /** Deletes the entities {@code [0, inserted)} of a failed {@link #insertAll}, then fails with {@code failure}. */
    private <R> Mono<R> undo(List<T> prepared, int inserted, Throwable failure) {
        if (inserted == 0) {
            return Mono.error(failure);
        }
        List<BsonValue> ids = new ArrayList<>(inserted);
        for (int i = 0; i < inserted; i++) {
            ids.add(codec.getDocumentId(prepared.get(i)));
        }
        return Mono.from(collection.deleteMany(Filters.in("_id", ids)))
                .onErrorResume(cleanup -> {
                    failure.addSuppressed(cleanup);
                    return Mono.empty();
                })
                .then(Mono.error(failure));
    }

    private boolean retries(boolean generated) {
        return generated && codec.idStrategy() == IdStrategy.RANDOM;
    }

    private RandomIdExhaustedException exhausted(int attempts, RuntimeException last) {
        return new RandomIdExhaustedException(codec.getEncoderClass().getSimpleName(),
                collection.getNamespace().getCollectionName(), attempts, last);
    }

    /**
     * After a duplicate sequence id {@code id}: resyncs the sequence and completes with what it did, so that the caller
     * retries once with new ids; fails with {@link DuplicateSequenceIdException} when the resync already ran for this
     * call, is off, or fails.
     */
    private Mono<List<CounterStatus>> resyncAfterDuplicate(Object id, List<CounterStatus> resynced,
            RuntimeException duplicate) {
        return counters.resyncAfterDuplicate(codec.getEncoderClass(), collection.getNamespace().getCollectionName(),
                codec.sequence(), id, resynced, duplicate);
    }

    /**
     * Gives every entity of {@code prepared} from {@code from} on whose id was generated a new one, in order: each
     * may hold an id of a range the resync found stale.
     */
    private Mono<Void> freshFrom(List<T> prepared, boolean[] generated, int from) {
        return Flux.range(from, prepared.size() - from)
                .filter(i -> generated[i])
                .concatMap(i -> NonBlockingIds.fresh(codec, prepared.get(i)).doOnNext(next -> prepared.set(i, next)))
                .then();
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
