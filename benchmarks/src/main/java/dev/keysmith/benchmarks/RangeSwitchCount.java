package dev.keysmith.benchmarks;

import dev.keysmith.runtime.IdGenerators;
import dev.keysmith.runtime.SequenceAllocator;
import dev.keysmith.runtime.SequenceSnapshot;
import dev.keysmith.runtime.SequenceSpec;
import java.util.concurrent.TimeUnit;

/**
 * Where the slow takes of {@link SequenceLatencyBenchmark} come from, counted rather than timed: the same loop
 * (batch 50 with prefetch, 20 µs of work between two ids), each {@code next()} that takes longer than 100 µs
 * counted, and among them those that returned the first id of a range (the take that switches ranges, where a
 * prefetch that came too late shows). A control loop times an empty step the same way, for what the host alone
 * costs (a thread descheduled in the middle of a take). Prints one line per round.
 *
 * <p>Run: {@code java -cp benchmarks/target/benchmarks.jar dev.keysmith.benchmarks.RangeSwitchCount [rounds]}
 * (3 rounds of 4 s by default, after one untimed).
 */
public final class RangeSwitchCount {

    private static final int BATCH = 50;
    private static final long WORK_NANOS = TimeUnit.MICROSECONDS.toNanos(20);
    private static final long SLOW_NANOS = TimeUnit.MICROSECONDS.toNanos(100);
    private static final long ROUND_NANOS = TimeUnit.SECONDS.toNanos(4);

    private RangeSwitchCount() {
    }

    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 3;
        MongoServerState mongo = new MongoServerState();
        mongo.start();
        try {
            System.out.println("round  takes  slow takes  of them first of a range  ranges  waits  control: slow steps");
            for (int round = 0; round <= rounds; round++) {
                try (IdGenerators ids = IdGenerators.create(mongo.store)) {
                    SequenceAllocator sequence = ids.sequence(SequenceSpec.of("range-switches-" + round)
                            .withBatch(BATCH).withPrefetch(true));
                    long takes = 0;
                    long slow = 0;
                    long slowFirst = 0;
                    long end = System.nanoTime() + ROUND_NANOS;
                    while (System.nanoTime() < end) {
                        work();
                        long started = System.nanoTime();
                        long id = sequence.next();
                        if (System.nanoTime() - started > SLOW_NANOS) {
                            slow++;
                            if (id % BATCH == 1) {
                                slowFirst++;
                            }
                        }
                        takes++;
                    }
                    SequenceSnapshot snapshot = sequence.snapshot();
                    long slowSteps = control();
                    if (round > 0) {
                        System.out.printf("%5d  %5d  %10d  %24d  %6d  %5d  %d%n", round, takes, slow, slowFirst,
                                snapshot.reservations(), snapshot.waits(), slowSteps);
                    }
                }
            }
        } finally {
            mongo.stop();
        }
    }

    /** The same loop with nothing in the timed step: how many steps the host alone makes slow. */
    private static long control() {
        long slow = 0;
        long end = System.nanoTime() + ROUND_NANOS;
        while (System.nanoTime() < end) {
            work();
            long started = System.nanoTime();
            if (System.nanoTime() - started > SLOW_NANOS) {
                slow++;
            }
        }
        return slow;
    }

    private static void work() {
        long until = System.nanoTime() + WORK_NANOS;
        while (System.nanoTime() < until) {
            Thread.onSpinWait();
        }
    }
}
