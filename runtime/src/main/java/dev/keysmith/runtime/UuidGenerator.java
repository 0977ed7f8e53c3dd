package dev.keysmith.runtime;

import dev.keysmith.runtime.internal.TimeOrderedUuidGenerator;
import java.time.Clock;
import java.util.Random;
import java.util.UUID;

/**
 * Generates UUIDs: version 4 ({@link #random()}) or version 7 ({@link #timeOrdered()}), per RFC 9562.
 *
 * <p>Version 7 layout (RFC 9562, section 5.7, with the monotonic "fixed-length dedicated counter" of
 * section 6.2, method 1):
 * <pre>
 * bits   0-47  unix_ts_ms   milliseconds since the Unix epoch
 * bits  48-51  ver          0b0111
 * bits  52-63  counter      high 12 bits of a 16-bit counter
 * bits  64-65  var          0b10
 * bits  66-69  counter      low 4 bits of the counter
 * bits 70-127  rand         58 random bits, drawn from SecureRandom when a millisecond starts
 * </pre>
 * A new millisecond starts the counter at a random value below 2<sup>15</sup> (so at least 32,768 ids fit in
 * the millisecond) and draws new random bits; within a millisecond, or when the clock steps back, the counter
 * goes up by one and the random bits stay (ids of one millisecond differ in the counter), and an
 * overflowing counter carries into the timestamp. So timestamp and counter together strictly increase, and
 * with them the UUIDs, compared as 128-bit unsigned numbers (or with {@link UUID#compareTo}, which agrees for
 * version 7 ids before the year 6000).
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
        return UUID::randomUUID;
    }

    /**
     * Version 7 on the system clock: strictly increasing within the JVM across threads and across generators,
     * even when the clock steps back.
     */
    static UuidGenerator timeOrdered() {
        return TimeOrderedUuidGenerator.SYSTEM;
    }

    /** Version 7 on the given clock and randomness (for tests); strictly increasing for this generator. */
    static UuidGenerator timeOrdered(Clock clock, Random random) {
        return new TimeOrderedUuidGenerator(clock, random);
    }
}
