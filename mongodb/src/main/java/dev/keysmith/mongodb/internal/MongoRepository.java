package dev.keysmith.mongodb.internal;

import com.mongodb.ErrorCategory;
import com.mongodb.MongoBulkWriteException;
import com.mongodb.MongoWriteException;
import com.mongodb.bulk.BulkWriteError;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.ReplaceOptions;
import dev.keysmith.mongodb.DuplicateSequenceIdException;
import dev.keysmith.mongodb.Repository;
import dev.keysmith.runtime.CounterStatus;
import dev.keysmith.runtime.RandomIdExhaustedException;
import dev.keysmith.runtime.codec.EntityCodec;
import dev.keysmith.runtime.codec.IdStrategy;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;
import org.bson.BsonValue;
import org.bson.conversions.Bson;

/**
 * {@link Repository} over a typed collection whose codec is the entity's generated {@link EntityCodec}.
 *
 * <p>Duplicate ids: an {@code @RandomId} that collides is drawn again ({@code @RandomId(attempts)}). A
 * {@code @Sequence} id that is already taken means the sequence's counter is behind the data: the repository
 * resyncs the sequence ({@link SequenceCounters#resync}) and retries once with a new id (for {@code insertAll}, every
 * entity not yet inserted gets a new id), unless that is switched off; a second duplicate, or the first when it is
 * off, is {@link DuplicateSequenceIdException}. Why one retry is safe: docs/decisions-runtime.md.
 *
 * <p>Thread-safe.
 */
public final class MongoRepository<T, ID> implements Repository<T, ID> {

    /** The index a duplicate key was found in, as servers word it: {@code ... index: _id_ dup key: ...}. */
    private static final Pattern ID_INDEX = Pattern.compile("index: _id_(\\s|$)");

    private final MongoCollection<T> collection;
    private final EntityCodec<T> codec;
    private final SequenceCounters counters;

    /** @param counters the counters of the database, for the resync after a duplicate sequence id */
    public MongoRepository(MongoCollection<T> collection, EntityCodec<T> codec, SequenceCounters counters) {
        this.collection = collection;
        this.codec = codec;
        this.counters = Objects.requireNonNull(counters, "counters");
    }

    @Override
    public T insert(T entity) {
        Objects.requireNonNull(entity, "entity");
        boolean generated = !codec.documentHasId(entity);
        T candidate = codec.generateIdIfAbsentFromDocument(entity);
        try {
            return insertRetrying(candidate, generated);
        } catch (RuntimeException e) {
            if (generated) {
                codec.forgetAssignedId(entity); // the caller's instance is left as it was, ready to be sent again
            }
            throw e;
        }
    }

    private T insertRetrying(T candidate, boolean generated) {
        int attempts = retries(generated) ? codec.insertAttempts() : 1;
        List<CounterStatus> resynced = null;
        for (int attempt = 1; ; attempt++) {
            try {
                collection.insertOne(candidate);
                return candidate;
            } catch (MongoWriteException e) {
                boolean duplicateId = isDuplicateId(e.getError().getCategory(), e.getError().getMessage());
                if (duplicateId && generated && codec.sequence() != null) {
                    resynced = resyncOrThrow(codec.idOf(candidate), resynced, e);
                    candidate = codec.withNewId(candidate);
                    continue;
                }
                if (!retries(generated) || !duplicateId) {
                    throw e;
                }
                if (attempt >= attempts) {
                    throw exhausted(attempts, e);
                }
                candidate = codec.withNewId(candidate);
            }
        }
    }

    @Override
    public List<T> insertAll(Collection<? extends T> entities) {
        List<T> originals = insertable(entities);
        int size = originals.size();
        boolean[] generated = new boolean[size];
        for (int i = 0; i < size; i++) {
            generated[i] = !codec.documentHasId(originals.get(i));
        }
        List<T> prepared = new ArrayList<>(originals);
        withNewIds(prepared, generated, 0);
        try {
            insertAllRetrying(prepared, generated);
        } catch (RuntimeException e) {
            for (int i = 0; i < size; i++) {
                if (generated[i]) {
                    codec.forgetAssignedId(originals.get(i));
                }
            }
            throw e;
        }
        return prepared;
    }

    /**
     * A copy of the entities of an {@code insertAll}, refused with {@link IllegalArgumentException} naming the index
     * of a null element before anything is inserted; shared with the reactive repository.
     */
    public static <T> List<T> insertable(Collection<? extends T> entities) {
        Objects.requireNonNull(entities, "entities");
        List<T> originals = new ArrayList<>(entities);
        for (int i = 0; i < originals.size(); i++) {
            if (originals.get(i) == null) {
                throw new IllegalArgumentException("insertAll: the entity at index " + i + " of "
                        + originals.size() + " is null; nothing was inserted");
            }
        }
        return originals;
    }

    private void insertAllRetrying(List<T> prepared, boolean[] generated) {
        int size = prepared.size();
        int[] attempts = new int[size];
        Arrays.fill(attempts, 1);
        int from = 0;
        List<CounterStatus> resynced = null;
        while (from < size) {
            try {
                collection.insertMany(prepared.subList(from, size));
                from = size;
            } catch (MongoBulkWriteException e) {
                BulkWriteError error = e.getWriteErrors().isEmpty() ? null : e.getWriteErrors().get(0);
                if (error == null) {
                    throw undo(prepared, from, e);
                }
                int failed = from + error.getIndex();
                boolean duplicateId = isDuplicateId(error.getCategory(), error.getMessage());
                if (duplicateId && generated[failed] && codec.sequence() != null) {
                    try {
                        resynced = resyncOrThrow(codec.idOf(prepared.get(failed)), resynced,
                                indexedFromStart(e, from));
                    } catch (DuplicateSequenceIdException duplicate) {
                        throw undo(prepared, failed, duplicate);
                    }
                    // every entity not inserted yet may hold an id of a range the resync found stale
                    withNewIds(prepared, generated, failed);
                    from = failed;
                    continue;
                }
                if (!retries(generated[failed]) || !duplicateId) {
                    throw undo(prepared, failed, indexedFromStart(e, from));
                }
                if (attempts[failed] >= codec.insertAttempts()) {
                    throw undo(prepared, failed,
                            exhausted(attempts[failed], indexedFromStart(e, from)));
                }
                attempts[failed]++;
                prepared.set(failed, codec.withNewId(prepared.get(failed)));
                from = failed;
            }
        }
    }

    /**
     * Gives each entity of {@code prepared} from {@code from} on whose id is {@code generated} a new one, in order; a
     * {@code @Sequence}'s ids taken at once ({@code SequenceAllocator.nextIds}).
     */
    private void withNewIds(List<T> prepared, boolean[] generated, int from) {
        long[] sequenceIds = null;
        if (codec.sequence() != null) {
            int count = 0;
            for (int i = from; i < prepared.size(); i++) {
                count += generated[i] ? 1 : 0;
            }
            sequenceIds = codec.sequence().nextIds(count);
        }
        int next = 0;
        for (int i = from; i < prepared.size(); i++) {
            if (generated[i]) {
                prepared.set(i, sequenceIds != null ? codec.withSequenceId(prepared.get(i), sequenceIds[next++])
                        : codec.withNewId(prepared.get(i)));
            }
        }
    }

    /**
     * The failure of an {@code insertMany} of the entities {@code [from, size)}, with the indexes of its errors counted
     * from the first entity of the call, as the caller numbers them; shared with the reactive repository.
     */
    public static MongoBulkWriteException indexedFromStart(MongoBulkWriteException e, int from) {
        if (from == 0) {
            return e;
        }
        List<BulkWriteError> errors = new ArrayList<>(e.getWriteErrors().size());
        for (BulkWriteError error : e.getWriteErrors()) {
            errors.add(new BulkWriteError(error.getCode(), error.getMessage(), error.getDetails(),
                    error.getIndex() + from));
        }
        MongoBulkWriteException shifted = new MongoBulkWriteException(e.getWriteResult(), errors,
                e.getWriteConcernError(), e.getServerAddress(), e.getErrorLabels());
        shifted.setStackTrace(e.getStackTrace());
        return shifted;
    }

    /** Deletes the entities {@code [0, inserted)} of a failed call, so that nothing of it stays; returns {@code failure}. */
    private RuntimeException undo(List<T> prepared, int inserted, RuntimeException failure) {
        if (inserted > 0) {
            List<BsonValue> ids = new ArrayList<>(inserted);
            for (int i = 0; i < inserted; i++) {
                ids.add(codec.getDocumentId(prepared.get(i)));
            }
            try {
                collection.deleteMany(Filters.in("_id", ids));
            } catch (RuntimeException cleanup) {
                failure.addSuppressed(cleanup);
            }
        }
        return failure;
    }

    /**
     * After a duplicate sequence id: resyncs the sequence and returns what it did, so that the caller retries once
     * with new ids; throws {@link DuplicateSequenceIdException} when the resync already ran for this call, is off, or
     * fails.
     */
    private List<CounterStatus> resyncOrThrow(Object id, List<CounterStatus> resynced, RuntimeException duplicate) {
        return counters.resyncAfterDuplicate(codec.getEncoderClass(), collection.getNamespace().getCollectionName(),
                codec.sequence(), id, resynced, duplicate);
    }

    private boolean retries(boolean generated) {
        return generated && codec.idStrategy() == IdStrategy.RANDOM;
    }

    /** Whether a write error is a duplicate key on {@code _id} (the retry of {@code @RandomId}), as servers word it. */
    public static boolean isDuplicateId(ErrorCategory category, String message) {
        return category == ErrorCategory.DUPLICATE_KEY && message != null && ID_INDEX.matcher(message).find();
    }

    @Override
    public Optional<T> findById(ID id) {
        Objects.requireNonNull(id, "id");
        return Optional.ofNullable(collection.find(Filters.eq("_id", codec.idToBson(id))).first());
    }

    @Override
    public List<T> find(Bson filter) {
        Objects.requireNonNull(filter, "filter");
        return collection.find(filter).into(new ArrayList<>());
    }

    @Override
    public List<T> findAll() {
        return collection.find().into(new ArrayList<>());
    }

    @Override
    public T save(T entity) {
        Objects.requireNonNull(entity, "entity");
        if (!codec.documentHasId(entity)) {
            return insert(entity);
        }
        collection.replaceOne(Filters.eq("_id", codec.getDocumentId(entity)), entity,
                new ReplaceOptions().upsert(true));
        return entity;
    }

    @Override
    public boolean deleteById(ID id) {
        Objects.requireNonNull(id, "id");
        return collection.deleteOne(Filters.eq("_id", codec.idToBson(id))).getDeletedCount() > 0;
    }

    @Override
    public long count() {
        return collection.countDocuments();
    }

    private RandomIdExhaustedException exhausted(int attempts, RuntimeException lastCollision) {
        return new RandomIdExhaustedException(codec.getEncoderClass().getSimpleName(),
                collection.getNamespace().getCollectionName(), attempts, lastCollision);
    }
}
