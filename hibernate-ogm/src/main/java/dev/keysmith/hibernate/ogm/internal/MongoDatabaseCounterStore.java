package dev.keysmith.hibernate.ogm.internal;

import com.mongodb.ErrorCategory;
import com.mongodb.MongoServerException;
import com.mongodb.ReadPreference;
import com.mongodb.WriteConcern;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.FindOneAndUpdateOptions;
import com.mongodb.client.model.ReturnDocument;
import dev.keysmith.runtime.CounterDocuments;
import dev.keysmith.runtime.CounterStore;
import org.bson.BsonDocument;

/**
 * The counters of {@code @Sequence} in OGM's MongoDB database: the collection
 * {@value CounterDocuments#DEFAULT_COLLECTION}, one document {@code {_id: <counter name>, next: NumberLong(n)}} per
 * counter, reserved by {@link CounterDocuments}'s procedure exactly as keysmith-mongodb reserves them, so both
 * routes can share a sequence. This class only supplies the driver calls: on OGM's own {@code MongoDatabase}, with
 * write concern {@code majority} (keysmith-mongodb's default), never through OGM's session, so reservations are
 * outside OGM's transaction emulation.
 *
 * <p>Thread-safe.
 */
final class MongoDatabaseCounterStore implements CounterStore, CounterDocuments.Access {

    private static final FindOneAndUpdateOptions RESERVE = new FindOneAndUpdateOptions()
            .upsert(true)
            .returnDocument(ReturnDocument.BEFORE);

    private final MongoCollection<BsonDocument> counters;

    private MongoDatabaseCounterStore(MongoCollection<BsonDocument> counters) {
        this.counters = counters;
    }

    static MongoDatabaseCounterStore create(MongoDatabase database) {
        return new MongoDatabaseCounterStore(database.getCollection(CounterDocuments.DEFAULT_COLLECTION,
                BsonDocument.class).withWriteConcern(WriteConcern.MAJORITY).withReadPreference(ReadPreference.primary()));
    }

    @Override
    public long reserve(String counter, long count) {
        return CounterDocuments.reserve(this, counter, count);
    }

    /** Never writes a counter past {@code limit}: the bound is in the update's filter, as for keysmith-mongodb. */
    @Override
    public long reserve(String counter, long count, long limit) {
        return CounterDocuments.reserve(this, counter, count, limit);
    }

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
                && ErrorCategory.fromErrorCode(e.getCode()) == ErrorCategory.DUPLICATE_KEY;
    }

    @Override
    public String namespace() {
        return counters.getNamespace().getFullName();
    }

    @Override
    public String toString() {
        return "MongoDatabaseCounterStore[" + namespace() + "]";
    }
}
