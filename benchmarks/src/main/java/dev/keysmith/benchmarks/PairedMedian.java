package dev.keysmith.benchmarks;

import java.util.Arrays;
import java.util.Locale;

/**
 * The median of ratios timed in pairs (or rounds) in one JVM, and a distribution-free 99% confidence interval of it:
 * order statistics of the binomial, no assumption of normal times. Shared by the paired runs.
 */
public final class PairedMedian {

    private PairedMedian() {
    }

    /** The median of {@code values}, which need not be sorted. */
    public static double median(double[] values) {
        double[] sorted = sorted(values);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    /**
     * The bounds of a 99% confidence interval of the median of {@code values}: the k-th smallest and k-th largest,
     * with k from the normal approximation of the binomial (n / 2 - 2.576 sqrt(n) / 2); null when there are too
     * few values for it (below 8, even the extremes cover less than 99%).
     */
    public static double[] interval(double[] values) {
        double[] sorted = sorted(values);
        int n = sorted.length;
        int k = (int) Math.floor(n / 2.0 - 2.576 * Math.sqrt(n) / 2);
        return n < 8 || k < 0 ? null : new double[] {sorted[k], sorted[n - 1 - k]};
    }

    /** The interval as {@code [0.951x, 1.064x]}, or a sentence saying there were too few values for one. */
    public static String formatInterval(double[] values) {
        double[] interval = interval(values);
        return interval == null ? "(too few rounds for a 99% CI)"
                : String.format(Locale.ROOT, "[%.3fx, %.3fx]", interval[0], interval[1]);
    }

    private static double[] sorted(double[] values) {
        if (values.length == 0) {
            throw new IllegalArgumentException("no values");
        }
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted;
    }
}
