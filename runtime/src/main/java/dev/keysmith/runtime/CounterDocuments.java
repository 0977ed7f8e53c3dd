package dev.keysmith.runtime;

import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * The format of MongoDB counter documents and the one procedure that reserves values from them, written against
 * {@code org.bson} only, so that every MongoDB route (the driver, Hibernate OGM, Spring Data) writes exactly the same
 * documents whatever driver version it runs on.
 *
 * <p>A counter is one document {@code {_id: <counter name>, next: NumberLong(n)}} in the collection
 * {@value #DEFAULT_COLLECTION}, where {@code n} is how many values were reserved from it so far. A reservation of
 * {@code count} values is one {@code findOneAndUpdate(filter(counter), increment(count))} with upsert that returns
 * the document as it was <em>before</em> the update (an absent document counts as 0): the caller then owns the
 * offsets {@code [n, n + count)}. Reading the value before the update is deliberate: the embedded test server can
 * return the same value to two concurrent callers with {@code ReturnDocument.AFTER}; adding the count on the
 * caller's side is exact.
 *
 * <p>The filter matches only a well-formed counter: {@code next} a non-negative NumberLong or NumberInt. A counter of
 * any other shape (a double such as 100.5, a Decimal128, a negative number, a string, no {@code next}) is never
 * changed: the update matches nothing, the upsert's insert fails on the duplicate {@code _id}, and
 * {@link #reserve(Access, String, long)} reads the document and throws {@link MalformedCounterException} naming it.
 * Two processes creating a new counter at the same moment: the loser's duplicate-key error finds a well-formed
 * document and is retried.
 *
 * <pre>{@code
 * long first = CounterDocuments.reserve(access, "invoices", 50); // access wraps your driver's collection
 * }</pre>
 *
 * <p>Thread-safe (stateless).
 */
public final class CounterDocuments {

    /** The collection of counters unless told otherwise. */
    public static final String DEFAULT_COLLECTION = "keysmith_counters";

    /** The field holding a counter's value. */
    public static final String VALUE_FIELD = "next";

    /** The server's error code of a duplicate key. */
    public static final int DUPLICATE_KEY = 11000;

    /** A lost first-use race leaves the document in place, so one retry suffices; a few more cost nothing. */
    static final int UPSERT_ATTEMPTS = 5;

    private static final BsonArray INTEGRAL_TYPES = new BsonArray(java.util.List.of(new BsonString("long"),
            new BsonString("int")));

    private CounterDocuments() {
    }

    /**
     * What a route supplies: its driver's operations on the counters collection. Implementations must run outside
     * any caller's session or transaction, with the write concern the route chose.
     *
     * <p>Implementations are thread-safe.
     */
    public interface Access {

        /**
         * {@code findOneAndUpdate(filter, update)} with {@code upsert(true)} and {@code ReturnDocument.BEFORE}.
         *
         * @return the document before the update, or null when the upsert inserted it
         * @throws RuntimeException the driver's exception, for instance on a duplicate key
         */
        BsonDocument findOneAndIncrement(BsonDocument filter, BsonDocument update);

        /** The first document matching {@code filter}, or null. */
        BsonDocument findOne(BsonDocument filter);

        /** Whether {@code failure} is the server's duplicate-key error ({@value #DUPLICATE_KEY}). */
        boolean isDuplicateKey(RuntimeException failure);

        /** The counters collection's namespace ({@code database.collection}), for messages. */
        String namespace();
    }

    /**
     * What a non-blocking route supplies: {@link Access}'s operations as stages that complete on its driver's threads.
     *
     * <p>Implementations are thread-safe.
     */
    public interface AsyncAccess {

        /** As {@link Access#findOneAndIncrement}: completes with the document before the update, or null. */
        CompletionStage<BsonDocument> findOneAndIncrement(BsonDocument filter, BsonDocument update);

        /** As {@link Access#findOne}: completes with the first document matching {@code filter}, or null. */
        CompletionStage<BsonDocument> findOne(BsonDocument filter);

        /** Whether {@code failure} is the server's duplicate-key error ({@value #DUPLICATE_KEY}). */
        boolean isDuplicateKey(Throwable failure);

        /** The counters collection's namespace ({@code database.collection}), for messages. */
        String namespace();
    }

    /** Matches counter {@code counter}'s document only when its {@code next} is a non-negative NumberLong or NumberInt. */
    public static BsonDocument filter(String counter) {
        Objects.requireNonNull(counter, "counter");
        return new BsonDocument("_id", new BsonString(counter))
                .append(VALUE_FIELD, new BsonDocument("$type", INTEGRAL_TYPES).append("$gte", new BsonInt32(0)));
    }

    /** Matches counter {@code counter}'s document whatever its shape. */
    public static BsonDocument idFilter(String counter) {
        return new BsonDocument("_id", new BsonString(Objects.requireNonNull(counter, "counter")));
    }

    /** {@code {$inc: {next: NumberLong(count)}}}. */
    public static BsonDocument increment(long count) {
        if (count < 1) {
            throw new IllegalArgumentException("a reservation takes at least 1 value, not " + count);
        }
        return new BsonDocument("$inc", new BsonDocument(VALUE_FIELD, new BsonInt64(count)));
    }

    /** The counter's value in {@code document}, or -1 when {@code next} is missing or not a non-negative NumberLong or NumberInt. */
    public static long valueOf(BsonDocument document) {
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
        return -1;
    }

    /**
     * Reserves {@code count} values of counter {@code counter} through {@code access} and returns the first offset,
     * as {@link CounterStore#reserve(String, long)} defines it.
     *
     * @throws MalformedCounterException if the counter's document exists but is not well-formed; it is left unchanged
     * @throws RuntimeException the driver's exception when the server cannot be reached or the write fails
     */
    public static long reserve(Access access, String counter, long count) {
        return reserve(access, counter, count, Long.MAX_VALUE);
    }

    /**
     * Reserves up to {@code count} values of counter {@code counter}, never taking it past {@code limit}, as
     * {@link CounterStore#reserve(String, long, long)} defines it. The bound is in the filter of the one
     * {@code findOneAndUpdate} ({@code next <= limit - count}), so it holds atomically whatever the server's
     * arithmetic: a counter too close to the limit is not matched, its document is read, and the reservation is
     * made again for what is left ({@code limit - next}); a counter at the limit is left as it is and its value
     * returned.
     *
     * @throws MalformedCounterException if the counter's document exists but is not well-formed; it is left unchanged
     * @throws RuntimeException the driver's exception when the server cannot be reached or the write fails
     */
    public static long reserve(Access access, String counter, long count, long limit) {
        Objects.requireNonNull(access, "access");
        checkLimit(limit);
        long take = Math.min(count, limit);
        for (int attempt = 1; ; attempt++) {
            Long before = upsert(access, counter, boundedFilter(counter, take, limit), increment(take), attempt);
            if (before != null) {
                return before;
            }
            // the counter is too close to the limit for this reservation (or a first-use race was lost)
            long value = valueOrZero(access, counter);
            if (value >= limit) {
                return value; // used up: nothing reserved, nothing written
            }
            take = Math.min(take, limit - value);
        }
    }

    private static void checkLimit(long limit) {
        if (limit < 1) {
            throw new IllegalArgumentException("a counter's limit is at least 1, not " + limit);
        }
    }

    /** {@link #filter}, matching only a counter that {@code take} more values leave at or below {@code limit}. */
    private static BsonDocument boundedFilter(String counter, long take, long limit) {
        BsonDocument filter = filter(counter);
        filter.getDocument(VALUE_FIELD).append("$lte", new BsonInt64(limit - take));
        return filter;
    }

    /**
     * Raises counter {@code counter} to {@code atLeast} if it is below ({@code $max}, with upsert), never lowers it,
     * and returns its value after, as {@link ResyncableCounterStore#raise} defines it.
     *
     * @throws MalformedCounterException if the counter's document exists but is not well-formed; it is left unchanged
     */
    public static long raise(Access access, String counter, long atLeast) {
        Objects.requireNonNull(access, "access");
        BsonDocument update = maximum(atLeast);
        for (int attempt = 1; ; attempt++) {
            Long before = upsert(access, counter, filter(counter), update, attempt);
            if (before != null) {
                return Math.max(before, atLeast);
            }
        }
    }

    /** {@code {$max: {next: NumberLong(atLeast)}}}. */
    private static BsonDocument maximum(long atLeast) {
        if (atLeast < 0) {
            throw new IllegalArgumentException("a counter is raised to a value of at least 0, not " + atLeast);
        }
        return new BsonDocument("$max", new BsonDocument(VALUE_FIELD, new BsonInt64(atLeast)));
    }

    /**
     * The value of counter {@code counter}, 0 when it has no document, as {@link ResyncableCounterStore#value}
     * defines it.
     *
     * @throws MalformedCounterException if the counter's document is not well-formed
     */
    public static long valueOrZero(Access access, String counter) {
        return valueOrZero(access.namespace(), counter, access.findOne(idFilter(counter)));
    }

    /** The value in counter {@code counter}'s document {@code current}, 0 when there is none. */
    private static long valueOrZero(String namespace, String counter, BsonDocument current) {
        if (current == null) {
            return 0;
        }
        long value = valueOf(current);
        if (value < 0) {
            throw new MalformedCounterException(namespace, counter, current, null);
        }
        return value;
    }

    /**
     * One {@code findOneAndUpdate} with upsert: the counter's value before it (0 when the upsert inserted it), or null
     * when the filter did not match a document that exists (the caller decides; a first-use race lost, or a counter
     * the filter's bound leaves out).
     */
    private static Long upsert(Access access, String counter, BsonDocument filter, BsonDocument update, int attempt) {
        BsonDocument before;
        try {
            before = access.findOneAndIncrement(filter, update);
        } catch (RuntimeException e) {
            if (!access.isDuplicateKey(e)) {
                throw e;
            }
            // Either the first-use race was lost (the document exists now: retry), or the document exists with
            // a malformed value, which the filter does not match (never touch it: report it), or with a value the
            // filter's bound leaves out.
            BsonDocument current = access.findOne(idFilter(counter));
            if (current != null && valueOf(current) < 0) {
                throw new MalformedCounterException(access.namespace(), counter, current, e);
            }
            if (attempt < UPSERT_ATTEMPTS) {
                return null;
            }
            throw e;
        }
        if (before == null) {
            return 0L;
        }
        long value = valueOf(before);
        if (value < 0) {
            throw new MalformedCounterException(access.namespace(), counter, before, null);
        }
        return value;
    }
    /**
     * As {@link #reserve(Access, String, long)}, without blocking: the same documents, the same procedure (a lost
     * first-use race retried, a malformed document reported), each step run when the previous one completes.
     *
     * @return a stage completed with the first offset, or exceptionally with {@link MalformedCounterException} or the
     *     driver's exception
     */
    public static CompletionStage<Long> reserveAsync(AsyncAccess access, String counter, long count) {
        return reserveAsync(access, counter, count, Long.MAX_VALUE);
    }

    /**
     * As {@link #reserve(Access, String, long, long)}, without blocking: the bound in the filter of the one
     * {@code findOneAndUpdate}, a counter too close to the limit read and reserved again for what is left, a counter
     * at the limit left as it is and its value completed, as {@link AsyncCounterStore#reserve(String, long, long)}
     * defines it.
     *
     * @return a stage completed with the counter's value before the reservation, or exceptionally with
     *     {@link MalformedCounterException} or the driver's exception
     */
    public static CompletionStage<Long> reserveAsync(AsyncAccess access, String counter, long count, long limit) {
        Objects.requireNonNull(access, "access");
        checkLimit(limit);
        increment(count); // checks count before anything is sent
        return reserveAsync(access, counter, Math.min(count, limit), limit, 1);
    }

    private static CompletionStage<Long> reserveAsync(AsyncAccess access, String counter, long take, long limit,
            int attempt) {
        return upsertAsync(access, counter, boundedFilter(counter, take, limit), increment(take), attempt)
                .thenCompose(before -> {
                    if (before != null) {
                        return CompletableFuture.completedFuture(before);
                    }
                    // the counter is too close to the limit for this reservation (or a first-use race was lost)
                    return access.findOne(idFilter(counter)).thenCompose(current -> {
                        long value = valueOrZero(access.namespace(), counter, current);
                        return value >= limit ? CompletableFuture.completedFuture(value) // used up: nothing written
                                : reserveAsync(access, counter, Math.min(take, limit - value), limit, attempt + 1);
                    });
                });
    }

    /**
     * As {@link #raise(Access, String, long)}, without blocking: {@code $max} with upsert, a lost first-use race
     * tried again, a malformed document reported and left unchanged, as {@link AsyncResyncableCounterStore#raise}
     * defines it.
     *
     * @return a stage completed with the counter's value after the call, or exceptionally with
     *     {@link MalformedCounterException} or the driver's exception
     */
    public static CompletionStage<Long> raiseAsync(AsyncAccess access, String counter, long atLeast) {
        Objects.requireNonNull(access, "access");
        return raiseAsync(access, counter, maximum(atLeast), atLeast, 1);
    }

    private static CompletionStage<Long> raiseAsync(AsyncAccess access, String counter, BsonDocument update,
            long atLeast, int attempt) {
        return upsertAsync(access, counter, filter(counter), update, attempt).thenCompose(before -> before != null
                ? CompletableFuture.completedFuture(Math.max(before, atLeast))
                : raiseAsync(access, counter, update, atLeast, attempt + 1));
    }

    /**
     * As {@link #valueOrZero(Access, String)}, without blocking: completes with the counter's value, 0 when it has no
     * document, or exceptionally with {@link MalformedCounterException}.
     */
    public static CompletionStage<Long> valueOrZeroAsync(AsyncAccess access, String counter) {
        return access.findOne(idFilter(counter)).thenApply(current -> valueOrZero(access.namespace(), counter,
                current));
    }

    /** As {@link #upsert}, without blocking: completes with the value before, or null to read and try again. */
    private static CompletionStage<Long> upsertAsync(AsyncAccess access, String counter, BsonDocument filter,
            BsonDocument update, int attempt) {
        return access.findOneAndIncrement(filter, update).handle((before, thrown) -> {
            if (thrown == null) {
                return CompletableFuture.completedFuture(offsetBefore(access.namespace(), counter, before));
            }
            Throwable failure = thrown instanceof CompletionException && thrown.getCause() != null
                    ? thrown.getCause() : thrown;
            if (!access.isDuplicateKey(failure)) {
                return CompletableFuture.<Long>failedFuture(failure);
            }
            // as in upsert: a lost first-use race or the bound is tried again, a malformed document reported
            return access.findOne(idFilter(counter)).thenApply(current -> {
                if (current != null && valueOf(current) < 0) {
                    throw new MalformedCounterException(access.namespace(), counter, current, failure);
                }
                if (attempt < UPSERT_ATTEMPTS) {
                    return (Long) null;
                }
                throw failure instanceof RuntimeException runtime ? runtime : new CompletionException(failure);
            });
        }).thenCompose(Function.identity());
    }

    /** The offset a reservation starts at: the counter's value before the update (0 when it was just created). */
    private static long offsetBefore(String namespace, String counter, BsonDocument before) {
        if (before == null) {
            return 0;
        }
        long value = valueOf(before);
        if (value < 0) {
            throw new MalformedCounterException(namespace, counter, before, null);
        }
        return value;
    }
}
