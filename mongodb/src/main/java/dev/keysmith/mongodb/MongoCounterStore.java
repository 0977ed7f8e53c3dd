package dev.keysmith.mongodb;

import com.mongodb.ErrorCategory;
import com.mongodb.MongoServerException;
import com.mongodb.ReadPreference;
import com.mongodb.WriteConcern;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.FindOneAndUpdateOptions;
import com.mongodb.client.model.ReturnDocument;
import dev.keysmith.mongodb.internal.CounterSettings;
import dev.keysmith.runtime.CounterDocuments;
import dev.keysmith.runtime.CounterStore;
import dev.keysmith.runtime.ResyncableCounterStore;
import java.util.Objects;
import org.bson.BsonDocument;

/**
 * The {@link CounterStore} of a MongoDB database: one document per counter in one collection (by default
 * {@value #DEFAULT_COLLECTION}), shaped {@code {_id: <counter name>, next: NumberLong(n)}} where {@code n} is how
 * many values were reserved from the counter so far. The format and the reservation procedure are
 * {@link CounterDocuments}'s, shared with every other MongoDB route of keysmith.
 *
 * <p>A reservation is one {@code findOneAndUpdate} with {@code $inc} and upsert that returns the document as it
 * was before the update (an absent document counts as 0). It never runs in a caller's session or transaction, so
 * a caller's rollback never gives a range back, and it uses the write concern given here ({@code majority} by
 * default in {@code Keysmith}), whatever the database's. A counter document of another shape is never changed:
 * the reservation fails with {@link dev.keysmith.runtime.MalformedCounterException} naming it. A bounded
 * reservation ({@link #reserve(String, long, long)}) carries its bound in the filter, so no counter is written past
 * its limit; {@link #raise} is a {@code $max} with upsert, never lowering a counter.
 *
 * <pre>{@code
 * CounterStore counters = MongoCounterStore.create(database, "keysmith_counters", WriteConcern.MAJORITY);
 * SequenceAllocator invoices = SequenceAllocator.open(SequenceSpec.of("invoices"), counters);
 * }</pre>
 *
 * <p>Thread-safe.
 */
public final class MongoCounterStore implements ResyncableCounterStore {

    /** The collection of counters unless told otherwise. */
    public static final String DEFAULT_COLLECTION = CounterDocuments.DEFAULT_COLLECTION;

    /** The field holding a counter's value. */
    public static final String VALUE_FIELD = CounterDocuments.VALUE_FIELD;

    private static final FindOneAndUpdateOptions RESERVE = new FindOneAndUpdateOptions()
            .upsert(true)
            .returnDocument(ReturnDocument.BEFORE);

    private final MongoCollection<BsonDocument> counters;
    private final CounterDocuments.Access access;

    private MongoCounterStore(MongoCollection<BsonDocument> counters) {
        this.counters = counters;
        this.access = new CounterDocuments.Access() {
            @Override
            public BsonDocument findOneAndIncrement(BsonDocument filter, BsonDocument update) {
                return counters.findOneAndUpdate(filter, update, RESERVE);
            }

            @Override
            public BsonDocument findOne(BsonDocument filter) {
                return counters.find(filter).first();
            }

            @Override
            public boolean isDuplicateKey(RuntimeException failure) {
                return failure instanceof MongoServerException e
                        && (e.getCode() == CounterDocuments.DUPLICATE_KEY
                                || ErrorCategory.fromErrorCode(e.getCode()) == ErrorCategory.DUPLICATE_KEY);
            }

            @Override
            public String namespace() {
                return counters.getNamespace().getFullName();
            }
        };
    }

    /** A store over the collection {@value #DEFAULT_COLLECTION} of {@code database}, writing with {@code majority}. */
    public static MongoCounterStore create(MongoDatabase database) {
        return create(database, DEFAULT_COLLECTION, WriteConcern.MAJORITY);
    }

    /**
     * A store over the collection {@code collectionName} of {@code database}, writing with {@code writeConcern}.
     *
     * @throws IllegalArgumentException if the collection name is blank
     */
    public static MongoCounterStore create(MongoDatabase database, String collectionName, WriteConcern writeConcern) {
        Objects.requireNonNull(database, "database");
        Objects.requireNonNull(writeConcern, "writeConcern");
        String name = CounterSettings.collectionName(collectionName);
        return new MongoCounterStore(database.getCollection(name, BsonDocument.class)
                .withWriteConcern(writeConcern)
                .withReadPreference(ReadPreference.primary()));
    }

    /**
     * {@inheritDoc}
     *
     * @throws dev.keysmith.runtime.MalformedCounterException naming the collection, the counter and what was found if
     *     the counter's document is not shaped {@code {_id, next: <non-negative NumberLong or NumberInt>}}; the
     *     document is left unchanged
     */
    @Override
    public long reserve(String counter, long count) {
        return CounterDocuments.reserve(access, counter, count);
    }

    /** {@inheritDoc} The bound is in the update's filter: see {@link CounterDocuments#reserve(CounterDocuments.Access, String, long, long)}. */
    @Override
    public long reserve(String counter, long count, long limit) {
        return CounterDocuments.reserve(access, counter, count, limit);
    }

    @Override
    public long value(String counter) {
        return CounterDocuments.valueOrZero(access, counter);
    }

    @Override
    public long raise(String counter, long atLeast) {
        return CounterDocuments.raise(access, counter, atLeast);
    }

    /** The name of the collection the counters live in. */
    public String collectionName() {
        return counters.getNamespace().getCollectionName();
    }

    @Override
    public String toString() {
        return "MongoCounterStore[" + counters.getNamespace() + ", " + counters.getWriteConcern() + "]";
    }
}
