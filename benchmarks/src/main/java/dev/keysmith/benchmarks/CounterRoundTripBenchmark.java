package dev.keysmith.benchmarks;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;

/** (d) One counter reservation against the embedded server on loopback: the round trip prefetch hides. */
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class CounterRoundTripBenchmark {

    @Benchmark
    public long reserve(MongoServerState mongo) {
        return mongo.store.reserve("round-trip", 1);
    }
}
