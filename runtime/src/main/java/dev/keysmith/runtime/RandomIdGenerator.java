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

    private final int digits;
    private final long smallest;
    private final long largest;
    private final Random random;

    private RandomIdGenerator(int digits, Random random) {
        if (digits < 1 || digits > MAX_DIGITS) {
            throw new IllegalArgumentException(IdRules.Rule.RANDOM_DIGITS.with(digits).message());
        }
        this.digits = digits;
        this.largest = IdRules.powerOfTen(digits) - 1;
        this.smallest = digits == 1 ? 1 : IdRules.powerOfTen(digits - 1);
        this.random = Objects.requireNonNull(random, "random");
    }

    /**
     * @throws IllegalArgumentException naming {@code digits} and its value if it is not between 1 and 18
     */
    public static RandomIdGenerator create(int digits) {
        return new RandomIdGenerator(digits, new SecureRandom());
    }

    /** For tests: numbers drawn from {@code random}. */
    public static RandomIdGenerator create(int digits, Random random) {
        return new RandomIdGenerator(digits, random);
    }

    /** The number of digits of every id. */
    public int digits() {
        return digits;
    }

    /** The next random id. */
    public long next() {
        return random.nextLong(smallest, largest + 1);
    }
}
