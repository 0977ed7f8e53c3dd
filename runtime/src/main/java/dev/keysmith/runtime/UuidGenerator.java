package dev.keysmith.runtime;

import java.time.Clock;
import java.util.Random;
import java.util.UUID;

/**
 * Generates UUIDs: version 4 ({@link #random()}) or version 7 ({@link #timeOrdered()}), per RFC 9562.
 *
 * <pre>{@code
 * UuidGenerator v7 = UuidGenerator.timeOrdered();
 * UUID id = v7.next();
 * }</pre>
 *
 * <p>Thread-safe.
 */
public interface UuidGenerator {

    /** The next UUID. */
    UUID next();

    /** Version 4: 122 random bits from {@code SecureRandom}. */
    static UuidGenerator random() {
        throw new UnsupportedOperationException("implemented in the runtime issue");
    }

    /**
     * Version 7 on the system clock: strictly increasing within the JVM across threads and across generators,
     * even when the clock steps back.
     */
    static UuidGenerator timeOrdered() {
        throw new UnsupportedOperationException("implemented in the runtime issue");
    }

    /** Version 7 on the given clock and randomness (for tests); strictly increasing for this generator. */
    static UuidGenerator timeOrdered(Clock clock, Random random) {
        throw new UnsupportedOperationException("implemented in the runtime issue");
    }
}
