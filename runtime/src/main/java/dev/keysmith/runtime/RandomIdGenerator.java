package dev.keysmith.runtime;

import dev.keysmith.runtime.internal.IdRules;

import java.security.SecureRandom;
import java.util.Objects;
import java.util.Random;

/**
 * Generates numbers with exactly {@code digits} digits, uniformly over {@code [10^(digits-1), 10^digits - 1]}
 * (for {@code digits = 1}: {@code [1, 9]}), from {@code SecureRandom}.
 *
 * <p>Uniqueness is not this class's job: the database's unique index on the id is, with a retry on a
 * collision (the repositories and the Hibernate generator do that).
 *
 * <p>Thread-safe.
 */
public final class RandomIdGenerator {

    /** The most digits a {@code long} holds for every value of that length. */
    public static final int MAX_DIGITS = IdRules.MAX_DIGITS;

    /** The bytes taken from a {@code SecureRandom} at once: the bits of 32 ids. */
    private static final int BUFFERED_BYTES = 32 * Long.BYTES;

    private final int digits;
    private final long smallest;
    private final long largest;
    private final Random random;
    /** Bytes of a {@code SecureRandom} not used yet (guarded by itself); null for any other {@code Random}. */
    private final byte[] bits;
    private int bitsUsed;

    private RandomIdGenerator(int digits, Random random) {
        if (digits < 1 || digits > MAX_DIGITS) {
            throw new IllegalArgumentException(IdRules.Rule.RANDOM_DIGITS.with(digits).message());
        }
        this.digits = digits;
        this.largest = IdRules.powerOfTen(digits) - 1;
        this.smallest = digits == 1 ? 1 : IdRules.powerOfTen(digits - 1);
        this.random = Objects.requireNonNull(random, "random");
        this.bits = random instanceof SecureRandom ? new byte[BUFFERED_BYTES] : null;
        this.bitsUsed = BUFFERED_BYTES;
    }

    /**
     * @throws IllegalArgumentException naming {@code digits} and its value if it is not between 1 and 18
     */
    public static RandomIdGenerator create(int digits) {
        return new RandomIdGenerator(digits, new SecureRandom());
    }

    /**
     * For tests: numbers drawn from {@code random} (with {@code Random.nextLong(origin, bound)}, or, for a
     * {@code SecureRandom}, from its bytes taken {@value #BUFFERED_BYTES} at a time by the same rule).
     */
    public static RandomIdGenerator create(int digits, Random random) {
        return new RandomIdGenerator(digits, random);
    }

    /** The number of digits of every id. */
    public int digits() {
        return digits;
    }

    /** The next random id. */
    public long next() {
        if (bits == null) {
            return random.nextLong(smallest, largest + 1);
        }
        // Random.nextLong(origin, bound)'s rule, on 64 bits from the buffer rather than from two calls of next(32)
        long span = largest + 1 - smallest;
        long limit = span - 1;
        long draw = nextBits() >>> 1;
        for (long rest = draw % span; draw + limit - rest < 0; rest = draw % span) {
            draw = nextBits() >>> 1; // the last, incomplete multiple of span: drawn again, as the JDK does
        }
        return smallest + draw % span;
    }

    /**
     * 64 bits from the {@code SecureRandom}, taken {@value #BUFFERED_BYTES} bytes at a time: each of its calls locks it
     * and runs its mixing function (SHA-1 for the platform's {@code NativePRNG}) at least once, whatever the length
     * asked, which for two calls of four bytes per id made the calls most of an id's cost.
     */
    private long nextBits() {
        synchronized (bits) {
            if (bitsUsed == bits.length) {
                random.nextBytes(bits);
                bitsUsed = 0;
            }
            long value = 0;
            for (int i = 0; i < Long.BYTES; i++) {
                value = value << 8 | bits[bitsUsed++] & 0xFF;
            }
            return value;
        }
    }
}
