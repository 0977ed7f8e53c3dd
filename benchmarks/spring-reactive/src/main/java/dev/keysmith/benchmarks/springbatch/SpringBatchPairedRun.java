package dev.keysmith.benchmarks.springbatch;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * (l') The batches of {@link SpringBatchInsertBenchmark} timed in pairs in one application on one server: for each
 * route and each keysmith id, rounds that each time one batch of Spring's own {@code ObjectId} entity and one of
 * keysmith's, the side that goes first alternating, the collections emptied (untimed) before each batch. A machine
 * whose load drifts, which JMH's trial-after-trial order puts on one side, falls here on both sides of each pair; the
 * ratio of each pair (ObjectId's time / keysmith's, 1 when equal, above 1 when keysmith is faster) is summarised by
 * its median. Run: {@code java -cp <the module's class path> dev.keysmith.benchmarks.springbatch.SpringBatchPairedRun
 * [rounds]} (40 timed rounds per route and id by default, after 20 untimed).
 */
public final class SpringBatchPairedRun {

    private static final int WARM_UP_ROUNDS = 20;

    private SpringBatchPairedRun() {
    }

    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 40;
        SpringBatchState app = new SpringBatchState();
        app.id = "springObjectId";
        app.start();
        try {
            SpringBatchState.Side anchor = app.side("springObjectId");
            System.out.println("route                id        ObjectId ms  keysmith ms  ObjectId/keysmith (median of"
                    + " pairs)  rounds");
            for (Route route : Route.values()) {
                for (String id : new String[] {"sequence", "random"}) {
                    SpringBatchState.Side keysmith = app.side(id);
                    List<double[]> pairs = new ArrayList<>();
                    for (int round = 0; round < WARM_UP_ROUNDS + rounds; round++) {
                        boolean keysmithFirst = round % 2 == 0;
                        double first = millis(app, route, keysmithFirst ? keysmith : anchor);
                        double second = millis(app, route, keysmithFirst ? anchor : keysmith);
                        if (round >= WARM_UP_ROUNDS) {
                            pairs.add(keysmithFirst ? new double[] {second, first} : new double[] {first, second});
                        }
                    }
                    System.out.printf("%-20s %-9s %11.1f  %11.1f  %33.3fx  %d%n", route, id,
                            median(pairs.stream().mapToDouble(pair -> pair[0]).toArray()),
                            median(pairs.stream().mapToDouble(pair -> pair[1]).toArray()),
                            median(pairs.stream().mapToDouble(pair -> pair[0] / pair[1]).toArray()), pairs.size());
                }
            }
        } finally {
            app.stop();
        }
        // with both drivers and Netty present, Boot leaves an event loop of one client running after the close
        // (docs/spring.md, "keysmith brings no driver of its own"): its threads would keep this JVM alive
        System.exit(0);
    }

    /** The time of one batch of {@code side}'s new entities through {@code route}, its collection emptied first. */
    private static double millis(SpringBatchState app, Route route, SpringBatchState.Side side) {
        app.deleteEntities(side);
        List<Object> batch = side.newBatch();
        long start = System.nanoTime();
        int saved = route.saveAll(app, side, batch);
        double millis = (System.nanoTime() - start) / 1e6;
        if (saved != SpringBatchState.BATCH) {
            throw new IllegalStateException(route + " saved " + saved + " of a batch of " + SpringBatchState.BATCH);
        }
        return millis;
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int middle = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
    }
}
