package dev.keysmith.benchmarks;

import dev.keysmith.runtime.CounterStore;
import dev.keysmith.runtime.SequenceAllocator;
import dev.keysmith.runtime.SequenceSpec;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.hibernate.id.IdentifierGeneratorHelper;
import org.hibernate.id.IntegralDataTypeHolder;
import org.hibernate.id.enhanced.AccessCallback;
import org.hibernate.id.enhanced.PooledOptimizer;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;

/**
 * (k) The allocator's own cost, without a database: {@code SequenceAllocator.next()} against Hibernate's
 * {@code PooledOptimizer.generate} (one lock, three fields), both over a counter in memory (a {@link CounterStore}
 * and an {@link AccessCallback} over one {@link AtomicLong}), at the same batch, on one thread and on four; and the
 * bulk take {@code nextIds(batch)} per id. Nanoseconds per id, lower is better.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class AllocatorVsPooledOptimizerBenchmark {

    @Param({"50"})
    public int batch;

    @Param({"false", "true"})
    public boolean prefetch;

    private SequenceAllocator allocator;
    private PooledOptimizer optimizer;
    private AccessCallback callback;

    @Setup(Level.Iteration)
    public void open() {
        AtomicLong counter = new AtomicLong();
        allocator = SequenceAllocator.open(SequenceSpec.of("in-memory-" + SequenceBenchmark.SEQUENCES.incrementAndGet())
                .withBatch(batch).withPrefetch(prefetch), (name, count) -> counter.getAndAdd(count));
        optimizer = new PooledOptimizer(Long.class, batch);
        AtomicLong sequence = new AtomicLong(1); // a database sequence starting at 1, incremented by the batch
        callback = new AccessCallback() {
            @Override
            public IntegralDataTypeHolder getNextValue() {
                return IdentifierGeneratorHelper.getIntegralDataTypeHolder(Long.class)
                        .initialize(sequence.getAndAdd(batch));
            }

            @Override
            public String getTenantIdentifier() {
                return null;
            }
        };
    }

    @TearDown(Level.Iteration)
    public void close() {
        allocator.close();
    }

    @Benchmark
    public long keysmithNext() {
        return allocator.next();
    }

    @Benchmark
    @Threads(4)
    public long keysmithNextFourThreads() {
        return allocator.next();
    }

    @Benchmark
    public Object pooledOptimizer() {
        return optimizer.generate(callback);
    }

    @Benchmark
    @Threads(4)
    public Object pooledOptimizerFourThreads() {
        return optimizer.generate(callback);
    }

    /** A batch insert's ids: {@code nextIds(50)}, reported per id. */
    @Benchmark
    @OperationsPerInvocation(50)
    public long[] keysmithNextIdsPerId() {
        return allocator.nextIds(50);
    }
}
