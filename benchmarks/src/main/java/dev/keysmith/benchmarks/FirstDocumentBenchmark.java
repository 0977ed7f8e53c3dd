package dev.keysmith.benchmarks;

import java.util.concurrent.TimeUnit;
import org.bson.BsonBinaryWriter;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.codecs.BsonDocumentCodec;
import org.bson.codecs.Codec;
import org.bson.codecs.EncoderContext;
import org.bson.codecs.configuration.CodecRegistry;
import org.bson.io.BasicOutputBuffer;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * (f) From nothing to the first encoded {@link Order}: one measurement per fresh JVM. "Nothing" is a JVM that
 * has the driver's default registry, has encoded a plain {@code BsonDocument} (what every driver application
 * has done before it touches an entity) and holds the entity to encode; the measurement is what the entity codec itself costs
 * the first time: finding or building it and encoding one document with it. {@link #handWritten()} is the floor: a
 * codec written by hand, constructed directly (no registry lookup, no service loading), whose class is loaded and
 * run for the first time.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(20)
@Warmup(iterations = 0)
@Measurement(iterations = 1)
public class FirstDocumentBenchmark {

    private CodecRegistry driverDefaults;
    private Order order;

    @Setup(Level.Trial)
    public void driverIsReady() {
        driverDefaults = Codecs.driverDefaults();
        order = Order.sample();
        BsonDocument plain = new BsonDocument("name", new BsonString("warm")).append("n", new BsonInt32(1));
        new BsonDocumentCodec().encode(new BsonBinaryWriter(new BasicOutputBuffer()), plain,
                EncoderContext.builder().build());
    }

    private int encodeOne(Codec<Order> codec) {
        BasicOutputBuffer buffer = new BasicOutputBuffer();
        codec.encode(new BsonBinaryWriter(buffer), order, EncoderContext.builder().build());
        return buffer.getPosition();
    }

    @Benchmark
    public int generated() {
        return encodeOne(Codecs.generated(driverDefaults));
    }

    @Benchmark
    public int handWritten() {
        return encodeOne(Codecs.handWritten());
    }

    @Benchmark
    public int pojo() {
        return encodeOne(Codecs.pojo(driverDefaults));
    }
}
