package dev.keysmith.mongodb.internal;

import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Projections;
import com.mongodb.client.model.Sorts;
import dev.keysmith.mongodb.DuplicateSequenceIdException;
import dev.keysmith.runtime.CounterBehindDataException;
import dev.keysmith.runtime.CounterCheck;
import dev.keysmith.runtime.CounterStatus;
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
import org.bson.conversions.Bson;

/**
 * What the MongoDB routes decide around a sequence's counters, whichever driver reads them: {@link SequenceCounters}
 * on the blocking driver and {@code ReactiveSequenceCounters} on the reactive streams driver ask it, so both check,
 * report, log and give up by the same rules and in the same words. It holds the route's settings (the start-up check,
 * the resync on a duplicate id, the call and setting named in messages) and the pairs of sequence and collection
 * already checked in this process; it does no I/O and names no driver type but the query's {@link Bson}.
 *
 * <p>The data of a sequence is its collection: the largest numeric {@code _id} in a part of the id space is one query
 * on the {@code _id} index ({@link #largestIdFilter}, sorted by {@link #LARGEST_FIRST}, {@link #ID_ONLY}, limit 1),
 * read from the primary; a fractional or Decimal128 id counts by its integer part ({@link #largestId}).
 *
 * <p>Logging ({@link System.Logger} {@code dev.keysmith.mongodb.SequenceCounters}): a warning for a counter found
 * behind its data, an info line for each counter a resync raised.
 *
 * <p>Thread-safe.
 */
public final class CounterRules {

    /** The sort of the query of the largest id: {@code {_id: -1}}. */
    public static final Bson LARGEST_FIRST = Sorts.descending("_id");

    /** The projection of the query of the largest id: {@code {_id: 1}}. */
    public static final Bson ID_ONLY = Projections.include("_id");

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
    public CounterRules(CounterCheck startupCheck, boolean resyncOnDuplicate, String resyncCall, String checkSetting) {
        this.startupCheck = Objects.requireNonNull(startupCheck, "startupCheck");
        this.resyncOnDuplicate = resyncOnDuplicate;
        this.resyncCall = Objects.requireNonNull(resyncCall, "resyncCall");
        this.checkSetting = checkSetting;
    }

    /** Whether an insert that meets a duplicate sequence id resyncs and retries once. */
    public boolean resyncOnDuplicate() {
        return resyncOnDuplicate;
    }

    /** What the start-up check does. */
    public CounterCheck startupCheck() {
        return startupCheck;
    }

    /**
     * Whether the start-up check of {@code sequence} against {@code collection} is to run now: the check is not off,
     * and this is the pair's first in this process (it counts as checked from now on, see {@link #checkFailed}).
     */
    public boolean startsCheck(SequenceAllocator sequence, String collection) {
        return startupCheck != CounterCheck.OFF && checked.add(key(sequence, collection));
    }

    /** The start-up check of the pair failed (found a counter behind, or could not read): it runs again next time. */
    public void checkFailed(SequenceAllocator sequence, String collection) {
        checked.remove(key(sequence, collection));
    }

    private static String key(SequenceAllocator sequence, String collection) {
        return sequence.spec().name() + '\u0000' + collection;
    }

    /**
     * The end of a start-up check that read {@code statuses} (a {@code WARN} or {@code FAIL} check): nothing when no
     * counter is behind, else a warning in the log, or {@link CounterBehindDataException} for {@code FAIL}.
     */
    public void report(List<CounterStatus> statuses, String collection, Class<?> entity) {
        List<CounterStatus> behind = SequenceResync.behind(statuses);
        if (behind.isEmpty()) {
            return;
        }
        CounterBehindDataException report = new CounterBehindDataException("collection '" + collection + "'",
                behind, fix(entity) + "; or set " + checkSetting + " to resync to do it at start-up");
        if (startupCheck == CounterCheck.FAIL) {
            throw report;
        }
        Log.LOGGER.log(Level.WARNING, report.getMessage());
    }

    /** Logs each counter a resync of {@code collection}'s sequence raised; returns {@code statuses}. */
    public List<CounterStatus> logResynced(List<CounterStatus> statuses, String collection) {
        for (CounterStatus status : statuses) {
            if (status.counterAfter() != status.counterValue()) {
                Log.LOGGER.log(Level.INFO, "[keysmith] resynced " + status + " (collection '" + collection + "')");
            }
        }
        return statuses;
    }

    /**
     * Whether an insert whose sequence id was taken resyncs now: the resync on a duplicate is on and none ran for
     * this insert yet ({@code resynced}, what the one that ran did, is null). The bound: one resync and one retry per
     * insert call.
     */
    public boolean resyncsAfter(List<CounterStatus> resynced) {
        return resynced == null && resyncOnDuplicate;
    }

    /**
     * The exception of an insert of {@code entity} whose sequence-made id {@code id} was already taken, when it does
     * not resync ({@link #resyncsAfter} false): {@link DuplicateSequenceIdException} naming the entity, the sequence,
     * the id and the fix.
     *
     * @param resynced what the resync after the first duplicate did, or null when none ran
     */
    public DuplicateSequenceIdException duplicate(Class<?> entity, String collection, SequenceAllocator sequence,
            Object id, List<CounterStatus> resynced, Throwable duplicate) {
        String what = resynced != null
                ? "keysmith resynced the counter (" + resynced + ") and retried once with a new id, and that id was"
                        + " taken too: something writes ids of this sequence's space without the sequence"
                : "the counter is behind the data (imported or restored documents?); the resync on a duplicate is off";
        return duplicate(entity, collection, sequence, id, what, duplicate);
    }

    /**
     * The exception of an insert of {@code entity} whose sequence-made id {@code id} was taken, when the resync that
     * followed failed with {@code failure}: {@link DuplicateSequenceIdException} caused by it, with the duplicate
     * suppressed.
     */
    public DuplicateSequenceIdException resyncFailed(Class<?> entity, String collection, SequenceAllocator sequence,
            Object id, Throwable failure, Throwable duplicate) {
        DuplicateSequenceIdException exception = duplicate(entity, collection, sequence, id, "the counter is behind"
                + " the data (imported or restored documents?) and the resync failed: " + failure.getMessage(),
                failure);
        exception.addSuppressed(duplicate);
        return exception;
    }

    private DuplicateSequenceIdException duplicate(Class<?> entity, String collection, SequenceAllocator sequence,
            Object id, String what, Throwable cause) {
        return new DuplicateSequenceIdException(entity, collection, sequence.spec().name(), id,
                "[keysmith] inserting " + entity.getSimpleName() + " into '" + collection + "' met a document that"
                        + " already has _id " + id + ", an id that sequence '" + sequence.spec().name()
                        + "' handed out: " + what + ". Nothing stored was changed and nothing was inserted. Fix: "
                        + fix(entity), cause);
    }

    /** The call that resyncs the sequence of {@code entity}, for messages. */
    public String fix(Class<?> entity) {
        return String.format(resyncCall, entity.getSimpleName()) + " brings the counter up to the data (never down),"
                + " see docs/sequences-in-production.md";
    }

    /** The filter of the query of the largest id in {@code [first, last]}: {@code {_id: {$gte: first, $lte: last}}}. */
    public static Bson largestIdFilter(long first, long last) {
        return Filters.and(Filters.gte("_id", first), Filters.lte("_id", last));
    }

    /** The id of the document the query of the largest id found (null: none), as a long; empty if not numeric. */
    public static OptionalLong largestId(BsonDocument largest) {
        BsonValue id = largest == null ? null : largest.get("_id");
        return id != null && id.isNumber() ? OptionalLong.of(id.asNumber().longValue())
                : id != null && id.isDecimal128() ? OptionalLong.of(id.asDecimal128().longValue())
                        : OptionalLong.empty();
    }

    /**
     * The logger, looked up on the first message: finding the platform's logger costs milliseconds in a fresh JVM,
     * which {@code Keysmith.create} (which makes this class) should not pay before the first document.
     */
    private static final class Log {
        static final System.Logger LOGGER = System.getLogger("dev.keysmith.mongodb.SequenceCounters");
    }
}
