package dev.keysmith.benchmarks;

import dev.keysmith.runtime.SequenceAllocator;
import dev.keysmith.runtime.SequenceSpec;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
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
 * (d) Sequence ids per second, flat out, against the embedded MongoDB server on loopback, at batch 1, 50 and
 * 1000, with and without prefetch (prefetch never applies to batch 1, so that pair measures the same thing); by
 * {@code next()} and by {@code nextAsync()}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class SequenceBenchmark {

    static final AtomicInteger SEQUENCES = new AtomicInteger();

    @Param({"1", "50", "1000"})
    public int batch;

    @Param({"true", "false"})
    public boolean prefetch;

    private SequenceAllocator allocator;

    @Setup(Level.Iteration)
    public void open(MongoServerState mongo) {
        // A fresh sequence per iteration, so that every iteration starts from the same state.
        allocator = SequenceAllocator.open(SequenceSpec.of("throughput-" + SEQUENCES.incrementAndGet())
                .withBatch(batch).withPrefetch(prefetch), mongo.store);
    }

    @TearDown(Level.Iteration)
    public void close() {
        allocator.close();
    }

    @Benchmark
    public long takeId() {
        return allocator.next();
    }

    /**
     * The non-blocking way in, the same sequence settings: a future already completed while the range has ids, else
     * completed by the reservation (made on the scheduler's thread over this blocking store); joined here.
     */
    @Benchmark
    public long takeIdAsync() {
        return allocator.nextAsync().join();
    }
}
