package dev.keysmith.mongodb;

import com.mongodb.MongoCommandException;
import com.mongodb.MongoServerException;
import com.mongodb.ReadPreference;
import com.mongodb.WriteConcern;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.FindOneAndUpdateOptions;
import com.mongodb.client.model.ReturnDocument;
import com.mongodb.client.model.Updates;
import dev.keysmith.runtime.CounterStore;
import java.util.Objects;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import org.bson.conversions.Bson;

/**
 * The {@link CounterStore} of a MongoDB database: one document per counter in one collection (by default
 * {@value #DEFAULT_COLLECTION}), shaped {@code {_id: <counter name>, next: NumberLong(n)}} where {@code n} is how
 * many values were reserved from the counter so far.
 *
 * <p>A reservation is one {@code findOneAndUpdate} with {@code $inc} and upsert that returns the document as it
 * was before the update (an absent document counts as 0). It never runs in a caller's session or transaction, so
 * a caller's rollback never gives a range back, and it uses the write concern given here ({@code majority} by
 * default in {@code Keysmith}), whatever the database's. Two processes that use a new counter at the same moment
 * can both try to insert it; the one that loses gets a duplicate-key error, which is retried (the document then
 * exists, so the retry is a plain increment).
 *
 * <pre>{@code
 * CounterStore counters = MongoCounterStore.create(database, "keysmith_counters", WriteConcern.MAJORITY);
 * SequenceAllocator invoices = SequenceAllocator.open(SequenceSpec.of("invoices"), counters);
 * }</pre>
 *
 * <p>Thread-safe.
 */
public final class MongoCounterStore implements CounterStore {

    /** The collection of counters unless told otherwise. */
    public static final String DEFAULT_COLLECTION = "keysmith_counters";

    /** The field holding a counter's value. */
    public static final String VALUE_FIELD = "next";

    private static final int DUPLICATE_KEY = 11000;
    private static final int TYPE_MISMATCH = 14;
    /** A lost first-use race leaves the document in place, so one retry suffices; a few more cost nothing. */
    private static final int UPSERT_ATTEMPTS = 5;
    private static final FindOneAndUpdateOptions RESERVE = new FindOneAndUpdateOptions()
            .upsert(true)
            .returnDocument(ReturnDocument.BEFORE);

    private final MongoCollection<BsonDocument> counters;

    private MongoCounterStore(MongoCollection<BsonDocument> counters) {
        this.counters = counters;
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
        if (collectionName == null || collectionName.isBlank()) {
            throw new IllegalArgumentException("the counters collection needs a name that is not blank, got "
                    + (collectionName == null ? "null" : "'" + collectionName + "'"));
        }
        return new MongoCounterStore(database.getCollection(collectionName, BsonDocument.class)
                .withWriteConcern(writeConcern)
                .withReadPreference(ReadPreference.primary()));
    }

    /**
     * {@inheritDoc}
     *
     * @throws IllegalStateException naming the collection, the counter and what was found if the counter's document
     *     is not shaped {@code {_id, next: <non-negative integer>}}
     */
    @Override
    public long reserve(String counter, long count) {
        Objects.requireNonNull(counter, "counter");
        if (count < 1) {
            throw new IllegalArgumentException("a reservation takes at least 1 value, not " + count);
        }
        for (int attempt = 1; ; attempt++) {
            BsonDocument before;
            try {
                before = counters.findOneAndUpdate(counterWithValue(counter), Updates.inc(VALUE_FIELD, count), RESERVE);
            } catch (MongoServerException e) {
                if (e.getCode() == DUPLICATE_KEY) {
                    // Either the first-use upsert race was lost (the document exists now: retry), or the document
                    // exists without a value, which the filter does not match (never touch it: report it).
                    BsonDocument current = currentDocument(counter);
                    if (current != null && valueOf(current) < 0) {
                        throw wrongShape(counter, current, e);
                    }
                    if (attempt < UPSERT_ATTEMPTS) {
                        continue;
                    }
                }
                if (e.getCode() == TYPE_MISMATCH || isIncOnNonNumber(e)) {
                    throw wrongShape(counter, currentDocument(counter), e);
                }
                throw e;
            }
            if (before == null) {
                return 0;
            }
            long value = valueOf(before);
            if (value < 0) {
                throw wrongShape(counter, before, null);
            }
            return value;
        }
    }

    /** The name of the collection the counters live in. */
    public String collectionName() {
        return counters.getNamespace().getCollectionName();
    }

    @Override
    public String toString() {
        return "MongoCounterStore[" + counters.getNamespace() + ", " + counters.getWriteConcern() + "]";
    }

    /**
     * Matches the counter's document only when it has a value, so that an upsert never adds a value to a document
     * that lacks one (the insert then fails on the duplicate {@code _id} instead).
     */
    private static Bson counterWithValue(String counter) {
        return Filters.and(Filters.eq("_id", counter), Filters.exists(VALUE_FIELD));
    }

    /** The counter's value in {@code document}, or -1 if it has none that is a non-negative integer. */
    private static long valueOf(BsonDocument document) {
        BsonValue value = document.get(VALUE_FIELD);
        if (value == null) {
            return -1;
        }
        if (value.isInt64()) {
            return Math.max(-1, value.asInt64().getValue());
        }
        if (value.isInt32()) {
            return Math.max(-1, value.asInt32().getValue());
        }
        if (value.isDouble()) {
            // a counter seeded by hand from the legacy shell, where numbers are doubles
            double number = value.asDouble().getValue();
            return number >= 0 && number < 0x1p53 && number == Math.rint(number) ? (long) number : -1;
        }
        return -1;
    }

    private static boolean isIncOnNonNumber(MongoServerException e) {
        String message = e.getMessage();
        return e instanceof MongoCommandException && message != null && message.contains("non-numeric");
    }

    private BsonDocument currentDocument(String counter) {
        try {
            return counters.find(Filters.eq("_id", counter)).first();
        } catch (RuntimeException e) {
            return null;
        }
    }

    private IllegalStateException wrongShape(String counter, BsonDocument found, Throwable cause) {
        return new IllegalStateException("the counter document '" + counter + "' in collection '"
                + counters.getNamespace() + "' must look like {_id: '" + counter + "', " + VALUE_FIELD
                + ": NumberLong(n)} with n >= 0, but it is " + (found == null ? "unreadable" : found.toJson())
                + "; fix or remove it (removing restarts the counter at 0, which hands out old ids again)", cause);
    }
}
