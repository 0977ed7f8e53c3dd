package dev.keysmith.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class RandomIdGeneratorTest {

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 9, 12, 17, 18})
    void everyIdHasExactlyTheDigits(int digits) {
        RandomIdGenerator generator = RandomIdGenerator.create(digits);

        assertThat(generator.digits()).isEqualTo(digits);
        for (int i = 0; i < 10_000; i++) {
            assertThat(Long.toString(generator.next())).hasSize(digits);
        }
    }

    @Test
    void oneDigitIdsAreUniformOverOneToNine() {
        assertUniformOverOneToNine(RandomIdGenerator.create(1, new Random(7)));
    }

    @Test
    void oneDigitIdsFromASecureRandomAreUniformOverOneToNine() throws NoSuchAlgorithmException {
        SecureRandom seeded = SecureRandom.getInstance("SHA1PRNG");
        seeded.setSeed(7); // before its first use: a fixed sequence of bytes
        assertUniformOverOneToNine(RandomIdGenerator.create(1, seeded));
    }

    private static void assertUniformOverOneToNine(RandomIdGenerator generator) {
        int draws = 90_000;
        int[] counts = new int[10];
        for (int i = 0; i < draws; i++) {
            counts[(int) generator.next()]++;
        }

        assertThat(counts[0]).isZero();
        for (int digit = 1; digit <= 9; digit++) {
            // expected 10,000 each with a standard deviation near 95: 5% is more than five deviations
            assertThat(counts[digit]).as("count of %d", digit).isBetween(9_500, 10_500);
        }
    }

    @Test
    void reachesBothEndsOfTheRange() {
        RandomIdGenerator generator = RandomIdGenerator.create(2, new Random(3));
        long smallest = Long.MAX_VALUE;
        long largest = Long.MIN_VALUE;
        for (int i = 0; i < 10_000; i++) {
            long id = generator.next();
            smallest = Math.min(smallest, id);
            largest = Math.max(largest, id);
        }

        assertThat(smallest).isEqualTo(10);
        assertThat(largest).isEqualTo(99);
    }

    @Test
    void aSecureRandomGivesTheBytesOf32IdsInOneCall() {
        CountingSecureRandom random = new CountingSecureRandom();
        RandomIdGenerator generator = RandomIdGenerator.create(12, random);

        // bytes 0, 1, 2, ...: the first id is Random.nextLong(origin, bound)'s rule on the long 0x0001020304050607
        assertThat(generator.next()).isEqualTo(100_000_000_000L + (0x0001020304050607L >>> 1) % 900_000_000_000L);
        for (int i = 1; i < 32; i++) {
            assertThat(Long.toString(generator.next())).hasSize(12);
        }
        assertThat(random.calls).isEqualTo(1);
        generator.next();
        assertThat(random.calls).isEqualTo(2);
    }

    /** Fills each request with the bytes 0, 1, 2, ... (wrapping), counting the requests. */
    private static final class CountingSecureRandom extends SecureRandom {

        private static final long serialVersionUID = 1L;

        int calls;

        @Override
        public void nextBytes(byte[] bytes) {
            calls++;
            for (int i = 0; i < bytes.length; i++) {
                bytes[i] = (byte) i;
            }
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {0, -1, 19})
    void refusesDigitsOutsideOneToEighteen(int digits) {
        assertThatIllegalArgumentException().isThrownBy(() -> RandomIdGenerator.create(digits))
                .withMessageContaining("digits = " + digits).withMessageContaining("between 1 and 18");
    }

    @Test
    void nineteenDigitsSaysItWouldOverflowLong() {
        assertThatIllegalArgumentException().isThrownBy(() -> RandomIdGenerator.create(19))
                .withMessageContaining("overflow long");
    }
}
