package dev.keysmith.benchmarks.springbatch;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * (l') The batches of {@link SpringBatchInsertBenchmark} timed in pairs in one application on one server: for each
 * route and each compared id, rounds that each time one batch of the anchor's entity (Spring's own {@code ObjectId}
 * unless told otherwise) and one of the compared id's, the side that goes first alternating, the collections emptied
 * (untimed) before each batch. A machine whose load drifts, which JMH's trial-after-trial order puts on one side,
 * falls here on both sides of each pair; the ratio of each pair (the anchor's time / the compared id's, 1 when
 * equal, above 1 when the compared id is faster) is summarised by its median. Besides keysmith's two ids it compares
 * the controls without keysmith ({@link SpringBatchState#id}): {@code Long} ids that the application sets before the
 * batch, from a counter and at random, which tell what the key type costs on this server apart from what keysmith's
 * id path costs. Run: {@code java -cp <the module's class path>
 * dev.keysmith.benchmarks.springbatch.SpringBatchPairedRun [rounds [anchor [id...]]]} (40 timed rounds per route and
 * id by default, after 20 untimed; anchor {@code springObjectId}; ids {@code sequence random assignedLong
 * assignedRandomLong}). {@code 60 assignedLong sequence} pairs keysmith's sequence with the application's own
 * counter: the same key type on both sides, so the ratio is keysmith's id path alone.
 */
public final class SpringBatchPairedRun {

    private static final int WARM_UP_ROUNDS = 20;

    private SpringBatchPairedRun() {
    }

    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 40;
        String anchorId = args.length > 1 ? args[1] : "springObjectId";
        String[] compared = args.length > 2 ? Arrays.copyOfRange(args, 2, args.length)
                : new String[] {"sequence", "random", "assignedLong", "assignedRandomLong"};
        SpringBatchState app = new SpringBatchState();
        app.id = anchorId;
        app.start();
        try {
            SpringBatchState.Side anchor = app.side(anchorId);
            for (String id : compared) {
                app.checkRoutes(app.side(id));
            }
            System.out.printf("route                id                  %-14s  id ms  anchor/id (median of pairs)  rounds%n",
                    anchorId + " ms");
            for (Route route : Route.values()) {
                for (String id : compared) {
                    SpringBatchState.Side side = app.side(id);
                    List<double[]> pairs = new ArrayList<>();
                    for (int round = 0; round < WARM_UP_ROUNDS + rounds; round++) {
                        boolean sideFirst = round % 2 == 0;
                        double first = millis(app, route, sideFirst ? side : anchor);
                        double second = millis(app, route, sideFirst ? anchor : side);
                        if (round >= WARM_UP_ROUNDS) {
                            pairs.add(sideFirst ? new double[] {second, first} : new double[] {first, second});
                        }
                    }
                    System.out.printf("%-20s %-18s  %14.1f  %5.1f  %26.3fx  %d%n", route, id,
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
