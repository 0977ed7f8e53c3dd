package dev.keysmith.benchmarks;

import dev.keysmith.runtime.IdGenerators;
import dev.keysmith.runtime.SequenceAllocator;
import dev.keysmith.runtime.SequenceSpec;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * (d) The time to take one sequence id, sampled (p50, p99, p99.9), when the application works between two ids
 * as it does when each id goes into an insert. The work between ids ({@link #pauseMicros}) is done in an
 * invocation-level setup, so it is not measured; it is shorter than one insert on loopback.
 *
 * <p>Compare with {@link CounterRoundTripBenchmark}: prefetch's promise is that p99.9 here stays far below
 * one round trip (goal: at most 0.1x the median round trip at batch 50), and that batch 1000 loses nothing
 * against batch 50.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class SequenceLatencyBenchmark {

    @Param({"50", "1000"})
    public int batch;

    @Param({"true", "false"})
    public boolean prefetch;

    @Param({"20"})
    public long pauseMicros;

    private IdGenerators ids;
    private SequenceAllocator allocator;

    @Setup(Level.Iteration)
    public void open(MongoServerState mongo) {
        // as an application gets it: through IdGenerators, whose one prefetch thread serves every sequence
        ids = IdGenerators.create(mongo.store);
        allocator = ids.sequence(SequenceSpec.of("latency-" + SequenceBenchmark.SEQUENCES.incrementAndGet())
                .withBatch(batch).withPrefetch(prefetch));
    }

    @TearDown(Level.Iteration)
    public void close() {
        ids.close();
    }

    @Setup(Level.Invocation)
    public void applicationWork() {
        long until = System.nanoTime() + TimeUnit.MICROSECONDS.toNanos(pauseMicros);
        while (System.nanoTime() < until) {
            Thread.onSpinWait();
        }
    }

    @Benchmark
    public long takeId() {
        return allocator.next();
    }

    /**
     * The way keysmith's reactive routes take an id: {@code tryNext()} (no future) while a range is in hand, else
     * {@code nextAsync()}, joined here.
     */
    @Benchmark
    public long takeIdReactive() {
        long id = allocator.tryNext();
        return id != SequenceAllocator.NONE_READY ? id : allocator.nextAsync().join();
    }

    /** The bulk take of a batch insert's 10 ids: {@code nextIds(10)}, sampled per call. */
    @Benchmark
    public long[] takeTenIds() {
        return allocator.nextIds(10);
    }

    /** The non-blocking way in: {@code nextAsync()}, joined (a completed future in steady state with prefetch). */
    @Benchmark
    public long takeIdAsync() {
        return allocator.nextAsync().join();
    }
}
