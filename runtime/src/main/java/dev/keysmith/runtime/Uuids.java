package dev.keysmith.runtime;

import java.time.Instant;
import java.util.Objects;
import java.util.UUID;
import org.bson.BsonBinary;
import org.bson.BsonBinarySubType;

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
        return new BsonBinary(Objects.requireNonNull(uuid, "uuid"));
    }

    /**
     * The UUID in a BSON binary subtype 4.
     *
     * @throws IllegalArgumentException naming the subtype or length if it is not subtype 4 with 16 bytes
     */
    public static UUID fromBinary(BsonBinary binary) {
        Objects.requireNonNull(binary, "binary");
        if (binary.getType() != BsonBinarySubType.UUID_STANDARD.getValue()) {
            throw new IllegalArgumentException("a UUID is stored as BSON binary subtype 4, but this binary has subtype "
                    + binary.getType() + (binary.getType() == BsonBinarySubType.UUID_LEGACY.getValue()
                    ? " (the legacy Java/C#/Python UUID representation; convert the data to the standard one)" : ""));
        }
        if (binary.getData().length != 16) {
            throw new IllegalArgumentException("a UUID is 16 bytes, but this binary subtype 4 has "
                    + binary.getData().length);
        }
        return binary.asUuid();
    }

    /**
     * The millisecond timestamp of a version 7 UUID.
     *
     * @throws IllegalArgumentException naming the version if {@code uuid} is not version 7
     */
    public static Instant creationTime(UUID uuid) {
        Objects.requireNonNull(uuid, "uuid");
        if (uuid.version() != 7) {
            throw new IllegalArgumentException("only a version 7 UUID holds a creation time, but " + uuid
                    + " is version " + uuid.version());
        }
        return Instant.ofEpochMilli(uuid.getMostSignificantBits() >>> 16);
    }
}
