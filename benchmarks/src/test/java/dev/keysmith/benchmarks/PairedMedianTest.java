package dev.keysmith.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class PairedMedianTest {

    @Test
    void theMedianOfUnsortedValuesIsTheMiddleOneOrTheMeanOfTheTwoMiddleOnes() {
        double[] odd = {3, 1, 2};
        double[] even = {4, 1, 3, 2};

        assertThat(PairedMedian.median(odd)).isEqualTo(2);
        assertThat(PairedMedian.median(even)).isEqualTo(2.5);
        assertThat(odd).as("the caller's values, unsorted").containsExactly(3, 1, 2);
    }

    @Test
    void theIntervalOfThirtyRoundsIsTheEighthSmallestAndTheEighthLargest() {
        // k = floor(15 - 2.576 * sqrt(30) / 2) = 7: 0-based ranks 7 and 22 of 0..29
        double[] thirty = IntStream.range(0, 30).map(i -> 29 - i).asDoubleStream().toArray();

        assertThat(PairedMedian.interval(thirty)).containsExactly(7, 22);
        assertThat(PairedMedian.formatInterval(thirty)).isEqualTo("[7.000x, 22.000x]");
    }

    @Test
    void belowEightValuesThereIsNoNinetyNinePercentInterval() {
        double[] seven = {1, 2, 3, 4, 5, 6, 7};

        assertThat(PairedMedian.interval(seven)).isNull();
        assertThat(PairedMedian.formatInterval(seven)).isEqualTo("(too few rounds for a 99% CI)");
        assertThat(PairedMedian.interval(new double[] {1, 2, 3, 4, 5, 6, 7, 8})).containsExactly(1, 8);
    }

    @Test
    void noValuesIsAnError() {
        assertThatThrownBy(() -> PairedMedian.median(new double[0])).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("no values");
    }
}
