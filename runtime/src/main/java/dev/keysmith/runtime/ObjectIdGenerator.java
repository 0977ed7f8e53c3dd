package dev.keysmith.runtime;

import dev.keysmith.runtime.internal.PaddedCounter;
import dev.keysmith.runtime.internal.SystemSeconds;
import java.nio.ByteBuffer;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.Objects;
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
 * 2<sup>24</sup> ids in one second (when the counter wraps from 0xFFFFFF to 0 within a second, the timestamp
 * moves on to the next second, so the counter can never come round to a value it already used in that second),
 * and its ids never go backwards when the wall clock steps back (the timestamp stays at the last second used
 * until the clock catches up). Taken together: the ids of one generator are strictly increasing.
 *
 * <p>A generator on the system clock ({@link #create()}) does not read the wall clock for every id: from
 * within its first 1024 ids on, a daemon thread ({@code keysmith-clock}, one per JVM, waking once a second,
 * ending after a minute without ids) keeps the current second for it, and it reads the wall clock itself on
 * every 1024th id.
 * An id's timestamp is never ahead of the wall clock; just after a second starts, it can still show the second
 * before until the thread has woken (normally a fraction of a millisecond).
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

    /** The clock to read for every id, or null for the system clock kept by {@link SystemSeconds}. */
    private final Clock clock;
    /** The 5-byte process value followed by the 3-byte counter field, with the counter bits zero. */
    private final long processValueAndNoCounter;
    /**
     * The last id's timestamp and counter as one number, {@code seconds << 24 | counter} (56 bits). Ids compare
     * like this number, so keeping it strictly increasing keeps the ids strictly increasing; adding 1 carries
     * a counter wrap into the timestamp, which is the "next second" rule. Taking an id is one atomic
     * increment while the clock stays in this value's second (or behind it); the first id of a new second
     * moves the value on with a compare-and-set, keeping the counter running.
     */
    private final PaddedCounter last;

    /**
     * Where an id's 12 bytes are laid out, big-endian, before the ObjectId reads them (it keeps no reference).
     * Measured faster than a new array per id, and no garbage but the id. Set on a thread's first id rather than
     * by {@code ThreadLocal.withInitial}: its lambda would cost the first id of a JVM a bootstrap.
     */
    private static final ThreadLocal<ByteBuffer> LAYOUT = new ThreadLocal<>();

    private ObjectIdGenerator(Clock clock, Random random) {
        this.clock = clock;
        Objects.requireNonNull(random, "random");
        byte[] processValue = new byte[5];
        random.nextBytes(processValue);
        long value = 0;
        for (byte b : processValue) {
            value = value << 8 | (b & 0xFF);
        }
        this.processValueAndNoCounter = value << COUNTER_BITS;
        long firstCounter = random.nextInt(1 << COUNTER_BITS);
        long seconds = clock == null ? SystemSeconds.wallClockSeconds() : currentSeconds(clock);
        this.last = new PaddedCounter((seconds << COUNTER_BITS | firstCounter) - 1);
    }

    /** A generator on the system clock, with its process value from {@code SecureRandom}. */
    public static ObjectIdGenerator create() {
        return new ObjectIdGenerator(null, new SecureRandom());
    }

    /**
     * A generator on the given clock and randomness (for tests): the process value and the counter's start
     * are drawn from {@code random}.
     */
    public static ObjectIdGenerator create(Clock clock, Random random) {
        return new ObjectIdGenerator(Objects.requireNonNull(clock, "clock"), random);
    }

    /**
     * The next ObjectId.
     *
     * @throws IllegalStateException if the timestamp would pass 0xFFFFFFFF (the year 2106)
     */
    public ObjectId next() {
        long nowSeconds;
        long state;
        if (clock == null) {
            state = last.incrementAndGet();
            nowSeconds = SystemSeconds.SHARED.now(state);
        } else {
            nowSeconds = currentSeconds(clock);
            state = last.incrementAndGet();
        }
        if (nowSeconds > state >>> COUNTER_BITS) {
            state = moveToSecond(nowSeconds, state);
        }
        return create(state);
    }

    /**
     * The clock has entered a second after the last id's: the first thread to get here moves the timestamp on
     * (keeping the counter running); a thread that finds it moved already takes the next value. The value
     * taken before is left unused, which leaves a gap in the counter, never a repeat.
     */
    private long moveToSecond(long nowSeconds, long taken) {
        long moved = nowSeconds << COUNTER_BITS | taken & COUNTER_MASK;
        for (long current = last.get(); current < moved; current = last.get()) {
            if (last.compareAndSet(current, moved)) {
                return moved;
            }
        }
        return last.incrementAndGet();
    }

    private ObjectId create(long state) {
        long seconds = state >>> COUNTER_BITS;
        if (seconds > MAX_TIMESTAMP) {
            throw new IllegalStateException("ObjectId timestamp " + seconds
                    + " does not fit in 4 unsigned bytes (the format ends in February 2106)");
        }
        ByteBuffer buffer = LAYOUT.get();
        if (buffer == null) {
            buffer = ByteBuffer.allocate(12);
            LAYOUT.set(buffer);
        }
        buffer.putInt(0, (int) seconds).putLong(4, processValueAndNoCounter | state & COUNTER_MASK);
        return new ObjectId(buffer.rewind());
    }

    private static long currentSeconds(Clock clock) {
        return Math.max(0, Math.floorDiv(clock.millis(), 1000L));
    }
}
