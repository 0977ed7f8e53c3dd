package dev.keysmith.runtime.testing;

import java.util.Arrays;
import java.util.Random;

/**
 * A {@link Random} for pinning generators in tests: {@link #nextBytes} fills with one byte value and
 * {@link #nextInt(int)} returns a fixed value (reduced below the bound); everything else is a seeded random.
 *
 * <p>Not thread-safe: confine to one thread.
 */
public final class FixedRandom extends Random {

    private final byte fill;
    private final int fixedInt;

    public FixedRandom(byte fill, int fixedInt) {
        super(42);
        this.fill = fill;
        this.fixedInt = fixedInt;
    }

    @Override
    public void nextBytes(byte[] bytes) {
        Arrays.fill(bytes, fill);
    }

    @Override
    public int nextInt(int bound) {
        return Math.floorMod(fixedInt, bound);
    }
}
