package dev.keysmith.runtime;

import java.time.Instant;
import java.util.UUID;
import org.bson.BsonBinary;

/**
 * Helpers for UUIDs: BSON binary subtype 4 and the creation time of version 7 ids.
 *
 * <p>Thread-safe (stateless).
 */
public final class Uuids {

    private Uuids() {
    }

    /** {@code uuid} as BSON binary subtype 4 (the standard representation), 16 bytes big-endian. */
    public static BsonBinary toBinary(UUID uuid) {
        throw new UnsupportedOperationException("implemented in the runtime issue");
    }

    /**
     * The UUID in a BSON binary subtype 4.
     *
     * @throws IllegalArgumentException naming the subtype or length if it is not subtype 4 with 16 bytes
     */
    public static UUID fromBinary(BsonBinary binary) {
        throw new UnsupportedOperationException("implemented in the runtime issue");
    }

    /**
     * The millisecond timestamp of a version 7 UUID.
     *
     * @throws IllegalArgumentException naming the version if {@code uuid} is not version 7
     */
    public static Instant creationTime(UUID uuid) {
        throw new UnsupportedOperationException("implemented in the runtime issue");
    }
}
