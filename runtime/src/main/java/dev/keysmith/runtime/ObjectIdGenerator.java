package dev.keysmith.runtime;

import java.security.SecureRandom;
import java.time.Clock;
import java.util.Objects;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;
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
 * 2<sup>24</sup> ids in one second (when the counter wraps from 0xFFFFFF to 0 within a second, the timestamp
 * moves on to the next second, so the counter can never come round to a value it already used in that second),
 * and its ids never go backwards when the wall clock steps back (the timestamp stays at the last second used
 * until the clock catches up). Taken together: the ids of one generator are strictly increasing.
 *
 * <pre>{@code
 * ObjectIdGenerator generator = ObjectIdGenerator.create();
 * ObjectId id = generator.next();
 * }</pre>
 *
 * <p>Thread-safe.
 */
public final class ObjectIdGenerator {

    private static final int COUNTER_BITS = 24;
    private static final long COUNTER_MASK = (1L << COUNTER_BITS) - 1;
    private static final long MAX_TIMESTAMP = 0xFFFF_FFFFL;
    private static final long NOTHING_GENERATED = -1;

    private final Clock clock;
    private final byte[] processValue;
    private final long firstCounter;
    /**
     * The last id's timestamp and counter as one number, {@code seconds << 24 | counter} (56 bits), or
     * {@link #NOTHING_GENERATED}. Ids compare like this number, so keeping it strictly increasing keeps the ids
     * strictly increasing; adding 1 carries a counter wrap into the timestamp, which is the "next second" rule.
     */
    private final AtomicLong last = new AtomicLong(NOTHING_GENERATED);

    private ObjectIdGenerator(Clock clock, Random random) {
        this.clock = Objects.requireNonNull(clock, "clock");
        Objects.requireNonNull(random, "random");
        this.processValue = new byte[5];
        random.nextBytes(processValue);
        this.firstCounter = random.nextInt(1 << COUNTER_BITS);
    }

    /** A generator on the system clock, with its process value from {@code SecureRandom}. */
    public static ObjectIdGenerator create() {
        return new ObjectIdGenerator(Clock.systemUTC(), new SecureRandom());
    }

    /**
     * A generator on the given clock and randomness (for tests): the process value and the counter's start
     * are drawn from {@code random}.
     */
    public static ObjectIdGenerator create(Clock clock, Random random) {
        return new ObjectIdGenerator(clock, random);
    }

    /**
     * The next ObjectId.
     *
     * @throws IllegalStateException if the timestamp would pass 0xFFFFFFFF (the year 2106)
     */
    public ObjectId next() {
        long nowSeconds = Math.max(0, Math.floorDiv(clock.millis(), 1000L));
        long state = last.updateAndGet(previous -> advance(previous, nowSeconds));
        long seconds = state >>> COUNTER_BITS;
        if (seconds > MAX_TIMESTAMP) {
            throw new IllegalStateException("ObjectId timestamp " + seconds
                    + " does not fit in 4 unsigned bytes (the format ends in February 2106)");
        }
        return new ObjectId(layout(seconds, processValue, state & COUNTER_MASK));
    }

    private long advance(long previous, long nowSeconds) {
        if (previous == NOTHING_GENERATED) {
            return nowSeconds << COUNTER_BITS | firstCounter;
        }
        long following = previous + 1;
        if (nowSeconds > following >>> COUNTER_BITS) {
            return nowSeconds << COUNTER_BITS | following & COUNTER_MASK;
        }
        return following;
    }

    private static byte[] layout(long seconds, byte[] processValue, long counter) {
        byte[] bytes = new byte[12];
        bytes[0] = (byte) (seconds >>> 24);
        bytes[1] = (byte) (seconds >>> 16);
        bytes[2] = (byte) (seconds >>> 8);
        bytes[3] = (byte) seconds;
        System.arraycopy(processValue, 0, bytes, 4, 5);
        bytes[9] = (byte) (counter >>> 16);
        bytes[10] = (byte) (counter >>> 8);
        bytes[11] = (byte) counter;
        return bytes;
    }
}
