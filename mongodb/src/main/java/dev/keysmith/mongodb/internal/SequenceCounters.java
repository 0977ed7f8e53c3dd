package dev.keysmith.mongodb.internal;

import com.mongodb.ReadPreference;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Projections;
import com.mongodb.client.model.Sorts;
import dev.keysmith.mongodb.DuplicateSequenceIdException;
import dev.keysmith.runtime.CounterBehindDataException;
import dev.keysmith.runtime.CounterCheck;
import dev.keysmith.runtime.CounterStatus;
import dev.keysmith.runtime.ResyncableCounterStore;
import dev.keysmith.runtime.SequenceAllocator;
import dev.keysmith.runtime.SequenceResync;
import java.lang.System.Logger.Level;
import java.util.List;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * The counters of the sequences of one MongoDB database next to their collections: the check at start-up, the
 * resync, and the resync after a duplicate id, for every MongoDB route of keysmith (the driver's repositories and
 * Spring Data). The data of a sequence is its collection: the largest numeric {@code _id} in a part of the id space
 * is one query on the {@code _id} index ({@code find({_id: {$gte: first, $lte: last}}).sort({_id: -1}).limit(1)}),
 * read from the primary; a fractional or Decimal128 id counts by its integer part.
 *
 * <p>Logging ({@link System.Logger} {@code dev.keysmith.mongodb.SequenceCounters}): a warning for a counter found
 * behind its data, an info line for each counter a resync raised.
 *
 * <p>Thread-safe.
 */
public final class SequenceCounters {

    private final MongoDatabase database;
    private final ResyncableCounterStore store;
    private final CounterCheck startupCheck;
    private final boolean resyncOnDuplicate;
    private final String resyncCall;
    private final String checkSetting;
    private final Set<String> checked = ConcurrentHashMap.newKeySet();

    /**
     * @param resyncCall the call that resyncs a sequence on this route, for messages ({@code keysmith.resync(%s)})
     *     with {@code %s} for the entity's simple name
     * @param checkSetting the setting that chooses the start-up check on this route, for messages
     */
    public SequenceCounters(MongoDatabase database, ResyncableCounterStore store, CounterCheck startupCheck,
            boolean resyncOnDuplicate, String resyncCall, String checkSetting) {
        this.database = Objects.requireNonNull(database, "database");
        this.store = Objects.requireNonNull(store, "store");
        this.startupCheck = Objects.requireNonNull(startupCheck, "startupCheck");
        this.resyncOnDuplicate = resyncOnDuplicate;
        this.resyncCall = resyncCall;
        this.checkSetting = checkSetting;
    }

    /** Whether an insert that meets a duplicate sequence id resyncs and retries once. */
    public boolean resyncOnDuplicate() {
        return resyncOnDuplicate;
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
        List<CounterStatus> statuses = SequenceResync.resync(sequence.spec(), store, largestIds(collection), sequence);
        for (CounterStatus status : statuses) {
            if (status.counterAfter() != status.counterValue()) {
                Log.LOGGER.log(Level.INFO, "[keysmith] resynced " + status + " (collection '" + collection + "')");
            }
        }
        return statuses;
    }

    /**
     * The start-up check of {@code sequence} against {@code collection}, once per pair in this process: off, a
     * warning, a failure ({@link CounterBehindDataException}) or a resync, as the route's setting says.
     */
    public void checkOnce(SequenceAllocator sequence, String collection, Class<?> entity) {
        if (startupCheck == CounterCheck.OFF || !checked.add(sequence.spec().name() + '\u0000' + collection)) {
            return;
        }
        try {
            if (startupCheck == CounterCheck.RESYNC) {
                resync(sequence, collection);
                return;
            }
            List<CounterStatus> behind = SequenceResync.behind(check(sequence, collection));
            if (behind.isEmpty()) {
                return;
            }
            CounterBehindDataException report = new CounterBehindDataException("collection '" + collection + "'",
                    behind, fix(entity) + "; or set " + checkSetting + " to resync to do it at start-up");
            if (startupCheck == CounterCheck.FAIL) {
                throw report;
            }
            Log.LOGGER.log(Level.WARNING, report.getMessage());
        } catch (RuntimeException e) {
            checked.remove(sequence.spec().name() + '\u0000' + collection); // checked again on the next use
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
        if (resynced != null || !resyncOnDuplicate) {
            throw duplicate(entity, collection, sequence, id, resynced, duplicate);
        }
        try {
            return resync(sequence, collection);
        } catch (RuntimeException e) {
            DuplicateSequenceIdException failure = duplicate(entity, collection, sequence, id, null, e);
            failure.addSuppressed(duplicate);
            throw failure;
        }
    }

    /** The call that resyncs the sequence of {@code entity}, for messages. */
    public String fix(Class<?> entity) {
        return String.format(resyncCall, entity.getSimpleName()) + " brings the counter up to the data (never down),"
                + " see docs/sequences-in-production.md";
    }

    /**
     * The exception of an insert of {@code entity} whose sequence-made id {@code id} was already taken:
     * {@link DuplicateSequenceIdException} naming the entity, the sequence, the id and the fix.
     *
     * @param resynced what the resync after the first duplicate did, or null when none ran
     */
    private DuplicateSequenceIdException duplicate(Class<?> entity, String collection, SequenceAllocator sequence,
            Object id, List<CounterStatus> resynced, Throwable cause) {
        String what;
        if (resynced != null) {
            what = "keysmith resynced the counter (" + resynced + ") and retried once with a new id, and that id was"
                    + " taken too: something writes ids of this sequence's space without the sequence";
        } else if (!resyncOnDuplicate) {
            what = "the counter is behind the data (imported or restored documents?); the resync on a duplicate is off";
        } else {
            what = "the counter is behind the data (imported or restored documents?) and the resync failed: "
                    + (cause == null ? "" : cause.getMessage());
        }
        return new DuplicateSequenceIdException(entity, collection, sequence.spec().name(), id,
                "[keysmith] inserting " + entity.getSimpleName() + " into '" + collection + "' met a document that"
                        + " already has _id " + id + ", an id that sequence '" + sequence.spec().name()
                        + "' handed out: " + what + ". Nothing stored was changed and nothing was inserted. Fix: "
                        + fix(entity), cause);
    }

    /** The largest numeric {@code _id} of {@code collection} in a part of the id space, on the {@code _id} index. */
    SequenceResync.LargestIds largestIds(String collection) {
        MongoCollection<BsonDocument> documents = database.getCollection(collection, BsonDocument.class)
                .withReadPreference(ReadPreference.primary());
        return (first, last) -> {
            BsonDocument largest = documents.find(Filters.and(Filters.gte("_id", first), Filters.lte("_id", last)))
                    .sort(Sorts.descending("_id"))
                    .projection(Projections.include("_id"))
                    .limit(1)
                    .first();
            BsonValue id = largest == null ? null : largest.get("_id");
            return id != null && id.isNumber() ? OptionalLong.of(id.asNumber().longValue())
                    : id != null && id.isDecimal128() ? OptionalLong.of(id.asDecimal128().longValue())
                            : OptionalLong.empty();
        };
    }

    /**
     * The logger, looked up on the first message: finding the platform's logger costs milliseconds in a fresh JVM,
     * which {@code Keysmith.create} (which makes this class) should not pay before the first document.
     */
    private static final class Log {
        static final System.Logger LOGGER = System.getLogger("dev.keysmith.mongodb.SequenceCounters");
    }
}
