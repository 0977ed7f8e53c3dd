package dev.keysmith.hibernate.ogm.internal;

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
import org.bson.BsonDocument;
import org.bson.BsonValue;
import org.bson.conversions.Bson;

/**
 * The counters of {@code @Sequence} in OGM's MongoDB database: the collection {@code keysmith_counters}, one document
 * {@code {_id: <counter name>, next: NumberLong(n)}} per counter, exactly as keysmith-mongodb keeps them, so that
 * both routes can share a sequence. Reservations use the driver directly with write concern {@code majority} (the
 * keysmith-mongodb default), never OGM's session, so they are outside OGM's transaction emulation.
 *
 * <p>Thread-safe.
 */
final class MongoDatabaseCounterStore implements CounterStore {

    static final String COLLECTION = "keysmith_counters";
    private static final String VALUE_FIELD = "next";
    private static final int DUPLICATE_KEY = 11000;
    private static final int UPSERT_ATTEMPTS = 5;
    private static final FindOneAndUpdateOptions RESERVE = new FindOneAndUpdateOptions()
            .upsert(true)
            .returnDocument(ReturnDocument.BEFORE);

    private final MongoCollection<BsonDocument> counters;

    private MongoDatabaseCounterStore(MongoCollection<BsonDocument> counters) {
        this.counters = counters;
    }

    static MongoDatabaseCounterStore create(MongoDatabase database) {
        return new MongoDatabaseCounterStore(database.getCollection(COLLECTION, BsonDocument.class)
                .withWriteConcern(WriteConcern.MAJORITY)
                .withReadPreference(ReadPreference.primary()));
    }

    // TODO(issue 10): replace the body with the runtime's bson-only counter-document protocol once it lands.
    @Override
    public long reserve(String counter, long count) {
        Bson filter = Filters.and(Filters.eq("_id", counter), Filters.exists(VALUE_FIELD));
        for (int attempt = 1; ; attempt++) {
            BsonDocument before;
            try {
                before = counters.findOneAndUpdate(filter, Updates.inc(VALUE_FIELD, count), RESERVE);
            } catch (MongoServerException e) {
                if (e.getCode() == DUPLICATE_KEY && attempt < UPSERT_ATTEMPTS) {
                    continue;
                }
                throw e;
            }
            if (before == null) {
                return 0;
            }
            BsonValue value = before.get(VALUE_FIELD);
            if (value == null || !value.isNumber()) {
                throw new IllegalStateException("malformed counter " + before.toJson());
            }
            return value.asNumber().longValue();
        }
    }
}
