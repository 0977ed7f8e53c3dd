package dev.keysmith.benchmarks;

import com.fasterxml.uuid.Generators;
import com.fasterxml.uuid.impl.TimeBasedEpochGenerator;
import com.github.f4b6a3.uuid.UuidCreator;
import dev.keysmith.runtime.UuidGenerator;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * (b) UUIDs: keysmith's version 4 against {@link UUID#randomUUID()}, and keysmith's version 7 against the
 * version 7 generators of uuid-creator and java-uuid-generator (both monotonic, like keysmith's).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class UuidBenchmark {

    private final UuidGenerator keysmithV4 = UuidGenerator.random();
    private final UuidGenerator keysmithV7 = UuidGenerator.timeOrdered();
    private final TimeBasedEpochGenerator jugV7 = Generators.timeBasedEpochGenerator();

    @Benchmark
    public UUID v4Keysmith() {
        return keysmithV4.next();
    }

    @Benchmark
    public UUID v4Jdk() {
        return UUID.randomUUID();
    }

    @Benchmark
    public UUID v7Keysmith() {
        return keysmithV7.next();
    }

    @Benchmark
    public UUID v7UuidCreator() {
        return UuidCreator.getTimeOrderedEpoch();
    }

    @Benchmark
    public UUID v7JavaUuidGenerator() {
        return jugV7.generate();
    }
}
