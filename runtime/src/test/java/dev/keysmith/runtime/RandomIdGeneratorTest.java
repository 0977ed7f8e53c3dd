package dev.keysmith.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

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
        RandomIdGenerator generator = RandomIdGenerator.create(1, new Random(7));
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
