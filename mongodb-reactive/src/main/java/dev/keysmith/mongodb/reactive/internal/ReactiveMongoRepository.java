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
                    boolean duplicateId = MongoRepository.isDuplicateId(e.getError().getCategory(),
                            e.getError().getMessage());
                    if (duplicateId && generated && codec.sequence() != null) {
                        return Mono.error(duplicateSequenceId(codec.idOf(candidate), e));
                    }
                    if (!retries(generated) || !duplicateId) {
                        return Mono.error(e);
                    }
                    if (attempt >= codec.insertAttempts()) {
                        return Mono.error(exhausted(attempt, e));
                    }
                    return NonBlockingIds.fresh(codec, candidate)
                            .flatMap(next -> insertRetrying(next, true, attempt + 1));
                });
    }

    /**
     * One {@code insertMany} for all of them, as the blocking repository: a {@code @RandomId} duplicate is drawn
     * again and the rest sent again from it; a duplicate sequence id is {@link DuplicateSequenceIdException}; any
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
                    .flatMap(prepared -> insertAllFrom(new ArrayList<>(prepared), generated, attempts, 0))
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
    private Mono<List<T>> insertAllFrom(List<T> prepared, boolean[] generated, int[] attempts, int from) {
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
                        return undo(prepared, failed, duplicateSequenceId(codec.idOf(prepared.get(failed)), indexed));
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
                        return insertAllFrom(prepared, generated, attempts, failed);
                    });
                });
    }

    /** Deletes the entities {@code [0, inserted)} of a failed {@link #insertAll}, then fails with {@code failure}. */
    private Mono<List<T>> undo(List<T> prepared, int inserted, Throwable failure) {
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
     * An insert met a document holding the id its sequence handed out: the counter is behind the data. The reactive
     * route does not resync (see docs/sequences-in-production.md), so this names the entity, the sequence, the id and
     * the fix.
     */
    private DuplicateSequenceIdException duplicateSequenceId(Object id, RuntimeException duplicate) {
        String entity = codec.getEncoderClass().getSimpleName();
        String collectionName = collection.getNamespace().getCollectionName();
        String sequence = codec.sequence().spec().name();
        return new DuplicateSequenceIdException(codec.getEncoderClass(), collectionName, sequence, id,
                "[keysmith] inserting " + entity + " into '" + collectionName + "' met a document that already has _id "
                        + id + ", an id that sequence '" + sequence + "' handed out: the counter is behind the data "
                        + "(imported or restored documents?). Nothing stored was changed and nothing was inserted. "
                        + "Fix: Keysmith.create(<the same database on a mongodb-driver-sync client>).resync(" + entity
                        + ".class) brings the counter up to the data (never down), see "
                        + "docs/sequences-in-production.md", duplicate);
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
