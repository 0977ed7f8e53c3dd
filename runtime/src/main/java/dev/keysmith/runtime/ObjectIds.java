package dev.keysmith.runtime;

import java.time.Instant;
import org.bson.types.ObjectId;

/**
 * Helpers for {@link ObjectId} values: hex parsing and formatting, the creation time, and the bounds of an
 * instant for range queries by creation time.
 *
 * <pre>{@code
 * Bson createdToday = Filters.and(
 *         Filters.gte("_id", ObjectIds.smallestAt(startOfDay)),
 *         Filters.lt("_id", ObjectIds.smallestAt(startOfDay.plus(Duration.ofDays(1)))));
 * }</pre>
 *
 * <p>Thread-safe (stateless).
 */
public final class ObjectIds {

    private ObjectIds() {
    }

    /**
     * Parses 24 hex digits (either case).
     *
     * @throws IllegalArgumentException naming the input if it is null, not 24 characters long, or has a
     *     character that is not a hex digit
     */
    public static ObjectId parse(String hex) {
        throw new UnsupportedOperationException("implemented in the runtime issue");
    }

    /** The 24 lower-case hex digits of {@code id}. */
    public static String toHex(ObjectId id) {
        throw new UnsupportedOperationException("implemented in the runtime issue");
    }

    /** The instant (to the second) in the id's timestamp, read as an unsigned number of seconds. */
    public static Instant creationTime(ObjectId id) {
        throw new UnsupportedOperationException("implemented in the runtime issue");
    }

    /** The smallest ObjectId whose timestamp is the second of {@code instant}. */
    public static ObjectId smallestAt(Instant instant) {
        throw new UnsupportedOperationException("implemented in the runtime issue");
    }

    /** The largest ObjectId whose timestamp is the second of {@code instant}. */
    public static ObjectId largestAt(Instant instant) {
        throw new UnsupportedOperationException("implemented in the runtime issue");
    }
}
