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
    private static final long NOTHING_GENERATED = -1;

    private final Clock clock;
    private final Random random;
    /** The last id's {@code unix_ts_ms << 16 | counter}, or {@link #NOTHING_GENERATED}. */
    private final AtomicLong last = new AtomicLong(NOTHING_GENERATED);

    public TimeOrderedUuidGenerator(Clock clock, Random random) {
        this.clock = Objects.requireNonNull(clock, "clock");
        this.random = Objects.requireNonNull(random, "random");
    }

    @Override
    public UUID next() {
        long nowMillis = clock.millis() & TIMESTAMP_MASK;
        int seed = random.nextInt(COUNTER_SEED_BOUND);
        long state = last.updateAndGet(previous -> {
            if (previous == NOTHING_GENERATED || nowMillis > previous >>> COUNTER_BITS) {
                return nowMillis << COUNTER_BITS | seed;
            }
            return previous + 1;
        });
        long counter = state & COUNTER_MASK;
        long msb = (state >>> COUNTER_BITS) << 16 | 0x7000L | counter >>> 4;
        long lsb = 0x8000_0000_0000_0000L | (counter & 0xF) << 58 | random.nextLong() >>> 6;
        return new UUID(msb, lsb);
    }
}
