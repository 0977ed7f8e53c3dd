package dev.keysmith.runtime;

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

    /**
     * @throws IllegalArgumentException naming {@code digits} and its value if it is not between 1 and 18
     */
    public static RandomIdGenerator create(int digits) {
        throw new UnsupportedOperationException("implemented in the runtime issue");
    }

    /** For tests: numbers drawn from {@code random}. */
    public static RandomIdGenerator create(int digits, Random random) {
        throw new UnsupportedOperationException("implemented in the runtime issue");
    }

    /** The number of digits of every id. */
    public int digits() {
        throw new UnsupportedOperationException("implemented in the runtime issue");
    }

    /** The next random id. */
    public long next() {
        throw new UnsupportedOperationException("implemented in the runtime issue");
    }
}
