package dev.keysmith.runtime;

import java.time.Clock;
import java.util.Random;
import org.bson.types.ObjectId;

/**
 * Generates {@link ObjectId}s laid out as the ObjectId specification says.
 *
 * <pre>
 * byte  0  1  2  3 | 4  5  6  7  8 | 9 10 11
 *       timestamp  | process value | counter
 * </pre>
 * <ul>
 *   <li>timestamp: seconds since the Unix epoch, 4 bytes, big-endian, unsigned (good until 2106);</li>
 *   <li>process value: 5 bytes drawn once per generator from {@code SecureRandom};</li>
 *   <li>counter: 3 bytes, big-endian, starting at a random value and wrapping from 0xFFFFFF to 0.</li>
 * </ul>
 *
 * <p>Beyond the specification: one generator never produces the same ObjectId twice, even above
 * 2<sup>24</sup> ids in one second (when the counter comes round to where the second started, the timestamp
 * moves on to the next second), and its ids never go backwards when the wall clock steps back (the timestamp
 * stays at the last second used until the clock catches up).
 *
 * <pre>{@code
 * ObjectIdGenerator generator = ObjectIdGenerator.create();
 * ObjectId id = generator.next();
 * }</pre>
 *
 * <p>Thread-safe.
 */
public final class ObjectIdGenerator {

    /** A generator on the system clock, with its process value from {@code SecureRandom}. */
    public static ObjectIdGenerator create() {
        throw new UnsupportedOperationException("implemented in the runtime issue");
    }

    /**
     * A generator on the given clock and randomness (for tests): the process value and the counter's start
     * are drawn from {@code random}.
     */
    public static ObjectIdGenerator create(Clock clock, Random random) {
        throw new UnsupportedOperationException("implemented in the runtime issue");
    }

    /** The next ObjectId. */
    public ObjectId next() {
        throw new UnsupportedOperationException("implemented in the runtime issue");
    }
}
