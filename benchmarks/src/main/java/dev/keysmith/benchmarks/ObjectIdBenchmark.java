package dev.keysmith.benchmarks;

import dev.keysmith.runtime.ObjectIdGenerator;
import java.util.concurrent.TimeUnit;
import org.bson.types.ObjectId;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;

/**
 * (a) ObjectId generation: keysmith's generator against the driver's {@code new ObjectId()}, on one thread and
 * on two threads sharing one generator (as the threads of one process share the driver's static counter).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class ObjectIdBenchmark {

    private final ObjectIdGenerator keysmith = ObjectIdGenerator.create();

    @Benchmark
    @Threads(1)
    public ObjectId keysmith1Thread() {
        return keysmith.next();
    }

    @Benchmark
    @Threads(1)
    public ObjectId bson1Thread() {
        return new ObjectId();
    }

    @Benchmark
    @Threads(2)
    public ObjectId keysmith2Threads() {
        return keysmith.next();
    }

    @Benchmark
    @Threads(2)
    public ObjectId bson2Threads() {
        return new ObjectId();
    }
}
