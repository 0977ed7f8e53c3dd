package dev.keysmith.runtime;

import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Objects;
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

    private static final int HEX_LENGTH = 24;
    private static final long MAX_SECONDS = 0xFFFF_FFFFL;
    private static final HexFormat HEX = HexFormat.of();

    private ObjectIds() {
    }

    /**
     * Parses 24 hex digits (either case).
     *
     * @throws IllegalArgumentException naming the input if it is null, not 24 characters long, or has a
     *     character that is not a hex digit
     */
    public static ObjectId parse(String hex) {
        if (hex == null) {
            throw new IllegalArgumentException("an ObjectId needs 24 hex digits, but the input is null");
        }
        if (hex.length() != HEX_LENGTH) {
            throw new IllegalArgumentException("an ObjectId needs 24 hex digits, but '" + hex + "' has "
                    + hex.length() + " characters");
        }
        for (int i = 0; i < HEX_LENGTH; i++) {
            char c = hex.charAt(i);
            if (Character.digit(c, 16) < 0) {
                throw new IllegalArgumentException("an ObjectId needs 24 hex digits, but '" + hex
                        + "' has '" + c + "' at index " + i + "; use only 0-9 and a-f");
            }
        }
        return new ObjectId(HEX.parseHex(hex));
    }

    /** The 24 lower-case hex digits of {@code id}. */
    public static String toHex(ObjectId id) {
        return HEX.formatHex(Objects.requireNonNull(id, "id").toByteArray());
    }

    /** The instant (to the second) in the id's timestamp, read as an unsigned number of seconds. */
    public static Instant creationTime(ObjectId id) {
        return Instant.ofEpochSecond(Integer.toUnsignedLong(Objects.requireNonNull(id, "id").getTimestamp()));
    }

    /**
     * The smallest ObjectId whose timestamp is the second of {@code instant}.
     *
     * @throws IllegalArgumentException if the instant is before 1970 or after 2106-02-07T06:28:15Z
     */
    public static ObjectId smallestAt(Instant instant) {
        return boundAt(instant, (byte) 0);
    }

    /**
     * The largest ObjectId whose timestamp is the second of {@code instant}.
     *
     * @throws IllegalArgumentException if the instant is before 1970 or after 2106-02-07T06:28:15Z
     */
    public static ObjectId largestAt(Instant instant) {
        return boundAt(instant, (byte) 0xFF);
    }

    private static ObjectId boundAt(Instant instant, byte fill) {
        long seconds = Objects.requireNonNull(instant, "instant").getEpochSecond();
        if (seconds < 0 || seconds > MAX_SECONDS) {
            throw new IllegalArgumentException("an ObjectId timestamp holds the seconds from "
                    + Instant.EPOCH + " to " + Instant.ofEpochSecond(MAX_SECONDS) + ", not " + instant);
        }
        byte[] bytes = new byte[12];
        Arrays.fill(bytes, 4, 12, fill);
        ByteBuffer.wrap(bytes).putInt(0, (int) seconds);
        return new ObjectId(bytes);
    }
}
