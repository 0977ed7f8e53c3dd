package dev.keysmith.benchmarks.hibernate;

import dev.keysmith.benchmarks.PairedMedian;
import java.util.ArrayList;
import java.util.List;

/**
 * keysmith's native sequence and Hibernate's pooled sequence timed in pairs, in one JVM: both sides of
 * {@link HibernateInsertBenchmark} are set up side by side, and each round times one {@code insert20k} of each,
 * the side that goes first alternating. A drift of the machine or the database between forks, which JMH's
 * fork-after-fork order puts on one side, falls here on both sides of each pair; the ratio of each pair
 * (pooled / native, above 1 when keysmith is faster) is then summarised by its median and a distribution-free 99%
 * confidence interval of that median ({@link PairedMedian}).
 *
 * <p>Needs the PostgreSQL of {@link HibernateInsertBenchmark}. Run:
 * {@code java -cp benchmarks/target/benchmarks.jar dev.keysmith.benchmarks.hibernate.HibernatePairedRun [rounds]}
 * (60 timed rounds per layout by default, after 10 untimed).
 */
public final class HibernatePairedRun {

    private static final int WARM_UP_ROUNDS = 10;

    private HibernatePairedRun() {
    }

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 60;
        System.out.println("layout  native median ms  pooled median ms  pooled/native: median of pairs  [99% CI]  rounds");
        for (String layout : new String[] {"1x1", "2x4"}) {
            HibernateInsertBenchmark keysmith = side("native", layout);
            HibernateInsertBenchmark pooled = side("pooled", layout);
            try {
                List<double[]> pairs = new ArrayList<>();
                for (int round = 0; round < WARM_UP_ROUNDS + rounds; round++) {
                    boolean keysmithFirst = round % 2 == 0;
                    double first = time(keysmithFirst ? keysmith : pooled);
                    double second = time(keysmithFirst ? pooled : keysmith);
                    if (round >= WARM_UP_ROUNDS) {
                        pairs.add(keysmithFirst ? new double[] {first, second} : new double[] {second, first});
                    }
                }
                double[] ratios = pairs.stream().mapToDouble(pair -> pair[1] / pair[0]).toArray();
                System.out.printf("%-6s  %16.1f  %16.1f  %30.3fx  %s  %d%n", layout,
                        PairedMedian.median(pairs.stream().mapToDouble(pair -> pair[0]).toArray()),
                        PairedMedian.median(pairs.stream().mapToDouble(pair -> pair[1]).toArray()),
                        PairedMedian.median(ratios), PairedMedian.formatInterval(ratios), ratios.length);
            } finally {
                keysmith.stop();
                pooled.stop();
            }
        }
    }

    private static HibernateInsertBenchmark side(String generator, String layout) {
        HibernateInsertBenchmark side = new HibernateInsertBenchmark();
        side.generator = generator;
        side.layout = layout;
        side.start();
        return side;
    }

    /** One operation from an empty table, in milliseconds. */
    private static double time(HibernateInsertBenchmark side) throws Exception {
        side.emptyTable();
        long started = System.nanoTime();
        side.insert20k();
        return (System.nanoTime() - started) / 1e6;
    }
}
