package dev.keysmith.runtime.internal;

import dev.keysmith.runtime.UuidGenerator;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.Objects;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Version 7 UUIDs with a 16-bit monotonic counter; the layout is documented on {@link UuidGenerator}.
 *
 * <p>Thread-safe (lock-free: the timestamp and counter live in one {@link AtomicLong}).
 */
public final class TimeOrderedUuidGenerator implements UuidGenerator {

    /** The JVM-wide generator on the system clock: one instance, so ids increase across the whole JVM. */
    public static final TimeOrderedUuidGenerator SYSTEM =
            new TimeOrderedUuidGenerator(Clock.systemUTC(), new SecureRandom());

    private static final int COUNTER_BITS = 16;
    private static final long COUNTER_MASK = (1L << COUNTER_BITS) - 1;
    private static final int COUNTER_SEED_BOUND = 1 << (COUNTER_BITS - 1);
    private static final long TIMESTAMP_MASK = (1L << 48) - 1;
    private static final long RANDOM_TAIL_MASK = (1L << 58) - 1;

    private final Clock clock;
    private final Random random;
    /**
     * The last id's {@code unix_ts_ms << 16 | counter}. Taking an id is one atomic increment while the clock
     * stays in the millisecond of this value (or behind it); the first id of a new millisecond moves it on
     * with a compare-and-set.
     */
    private final AtomicLong last;
    /**
     * The 58 random bits of the current millisecond, drawn from {@code random} when a millisecond starts. A
     * thread may pair a new millisecond's counter with the previous tail: uniqueness within the JVM rests on
     * timestamp and counter alone, the tail only keeps other processes' ids apart.
     */
    private volatile long randomTail;

    public TimeOrderedUuidGenerator(Clock clock, Random random) {
        this.clock = Objects.requireNonNull(clock, "clock");
        this.random = Objects.requireNonNull(random, "random");
        this.randomTail = random.nextLong() & RANDOM_TAIL_MASK;
        this.last = new AtomicLong(((clock.millis() & TIMESTAMP_MASK) << COUNTER_BITS
                | random.nextInt(COUNTER_SEED_BOUND)) - 1);
    }

    @Override
    public UUID next() {
        long nowMillis = clock.millis() & TIMESTAMP_MASK;
        long state = last.incrementAndGet();
        if (nowMillis > state >>> COUNTER_BITS) {
            return startMillisecond(nowMillis);
        }
        return layout(state, randomTail);
    }

    /**
     * The clock has entered a millisecond after the last id's: the first thread to get here starts it with a
     * random counter and a new random tail; a thread that finds it started already counts on. The value taken
     * before is left unused, which leaves a gap in the counter, never a repeat.
     */
    private UUID startMillisecond(long nowMillis) {
        long started = nowMillis << COUNTER_BITS | random.nextInt(COUNTER_SEED_BOUND);
        long tail = random.nextLong() & RANDOM_TAIL_MASK;
        for (long current = last.get(); current < started; current = last.get()) {
            if (last.compareAndSet(current, started)) {
                randomTail = tail;
                return layout(started, tail);
            }
        }
        return layout(last.incrementAndGet(), randomTail);
    }

    private static UUID layout(long state, long tail) {
        long counter = state & COUNTER_MASK;
        long msb = (state >>> COUNTER_BITS) << 16 | 0x7000L | counter >>> 4;
        long lsb = 0x8000_0000_0000_0000L | (counter & 0xF) << 58 | tail;
        return new UUID(msb, lsb);
    }
}
