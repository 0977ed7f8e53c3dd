package dev.keysmith.mongodb.internal;

import com.mongodb.ReadPreference;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import dev.keysmith.mongodb.DuplicateSequenceIdException;
import dev.keysmith.runtime.CounterBehindDataException;
import dev.keysmith.runtime.CounterCheck;
import dev.keysmith.runtime.CounterStatus;
import dev.keysmith.runtime.ResyncableCounterStore;
import dev.keysmith.runtime.SequenceAllocator;
import dev.keysmith.runtime.SequenceResync;
import java.util.List;
import java.util.Objects;
import org.bson.BsonDocument;

/**
 * The counters of the sequences of one MongoDB database next to their collections, on the blocking driver: the check
 * at start-up, the resync, and the resync after a duplicate id, for the driver's repositories and Spring Data's
 * blocking route. The rules (what is checked when, the messages, the bound of one resync per insert, the query of the
 * largest id) are {@link CounterRules}', shared with the reactive route's {@code ReactiveSequenceCounters}.
 *
 * <p>Thread-safe.
 */
public final class SequenceCounters {

    private final MongoDatabase database;
    private final ResyncableCounterStore store;
    private final CounterRules rules;

    /**
     * @param resyncCall the call that resyncs a sequence on this route, for messages ({@code keysmith.resync(%s)})
     *     with {@code %s} for the entity's simple name
     * @param checkSetting the setting that chooses the start-up check on this route, for messages
     */
    public SequenceCounters(MongoDatabase database, ResyncableCounterStore store, CounterCheck startupCheck,
            boolean resyncOnDuplicate, String resyncCall, String checkSetting) {
        this.database = Objects.requireNonNull(database, "database");
        this.store = Objects.requireNonNull(store, "store");
        this.rules = new CounterRules(startupCheck, resyncOnDuplicate, resyncCall, checkSetting);
    }

    /** Whether an insert that meets a duplicate sequence id resyncs and retries once. */
    public boolean resyncOnDuplicate() {
        return rules.resyncOnDuplicate();
    }

    /** Each counter of {@code sequence} next to {@code collection}, read without changing anything. */
    public List<CounterStatus> check(SequenceAllocator sequence, String collection) {
        return SequenceResync.check(sequence.spec(), store, largestIds(collection));
    }

    /**
     * Brings the counters of {@code sequence} up to {@code collection} (never down) and cuts the ranges this process
     * holds below the data; logs each counter it raised.
     */
    public List<CounterStatus> resync(SequenceAllocator sequence, String collection) {
        return rules.logResynced(SequenceResync.resync(sequence.spec(), store, largestIds(collection), sequence),
                collection);
    }

    /**
     * The start-up check of {@code sequence} against {@code collection}, once per pair in this process: off, a
     * warning, a failure ({@link CounterBehindDataException}) or a resync, as the route's setting says.
     */
    public void checkOnce(SequenceAllocator sequence, String collection, Class<?> entity) {
        if (!rules.startsCheck(sequence, collection)) {
            return;
        }
        try {
            if (rules.startupCheck() == CounterCheck.RESYNC) {
                resync(sequence, collection);
            } else {
                rules.report(check(sequence, collection), collection, entity);
            }
        } catch (RuntimeException e) {
            rules.checkFailed(sequence, collection); // checked again on the next use
            throw e;
        }
    }

    /**
     * After an insert of {@code entity} met a document that already holds the id {@code id} its sequence handed out:
     * resyncs the sequence and returns what it did, so that the caller retries once with a new id. Throws
     * {@link DuplicateSequenceIdException} instead when a resync already ran for this insert ({@code resynced} not
     * null), when the resync on a duplicate is off, or when the resync fails.
     */
    public List<CounterStatus> resyncAfterDuplicate(Class<?> entity, String collection, SequenceAllocator sequence,
            Object id, List<CounterStatus> resynced, RuntimeException duplicate) {
        if (!rules.resyncsAfter(resynced)) {
            throw rules.duplicate(entity, collection, sequence, id, resynced, duplicate);
        }
        try {
            return resync(sequence, collection);
        } catch (RuntimeException e) {
            throw rules.resyncFailed(entity, collection, sequence, id, e, duplicate);
        }
    }

    /** The call that resyncs the sequence of {@code entity}, for messages. */
    public String fix(Class<?> entity) {
        return rules.fix(entity);
    }

    /** The largest numeric {@code _id} of {@code collection} in a part of the id space, on the {@code _id} index. */
    SequenceResync.LargestIds largestIds(String collection) {
        MongoCollection<BsonDocument> documents = database.getCollection(collection, BsonDocument.class)
                .withReadPreference(ReadPreference.primary());
        return (first, last) -> CounterRules.largestId(documents.find(CounterRules.largestIdFilter(first, last))
                .sort(CounterRules.LARGEST_FIRST)
                .projection(CounterRules.ID_ONLY)
                .limit(1)
                .first());
    }
}
