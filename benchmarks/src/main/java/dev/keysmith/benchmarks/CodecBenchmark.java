package dev.keysmith.benchmarks;

import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;
import org.bson.BsonBinaryReader;
import org.bson.BsonBinaryWriter;
import org.bson.codecs.Codec;
import org.bson.codecs.DecoderContext;
import org.bson.codecs.EncoderContext;
import org.bson.codecs.configuration.CodecRegistry;
import org.bson.io.BasicOutputBuffer;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * (c) Encoding and decoding one 10-field {@link Order}: keysmith's generated codec, the driver's
 * {@code PojoCodecProvider}, and {@link OrderHandWrittenCodec}. All three write the same bytes (checked in
 * {@link #setUp()}), so they do the same work. {@link OrderWriterFloorCodec} encodes the same bytes from values
 * computed in advance: the writer's own cost, below which no codec can encode.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class CodecBenchmark {

    private final EncoderContext encoderContext = EncoderContext.builder().build();
    private final DecoderContext decoderContext = DecoderContext.builder().build();
    private final BasicOutputBuffer buffer = new BasicOutputBuffer(512);
    private Codec<Order> generated;
    private Codec<Order> pojo;
    private Codec<Order> handWritten;
    private Codec<Order> writerFloor;
    private Order order;
    private byte[] encoded;

    @Setup
    public void setUp() {
        CodecRegistry defaults = Codecs.driverDefaults();
        generated = Codecs.generated(defaults);
        pojo = Codecs.pojo(defaults);
        handWritten = Codecs.handWritten();
        writerFloor = new OrderWriterFloorCodec();
        order = Order.sample();
        encoded = bytes(handWritten);
        for (Codec<Order> codec : java.util.List.of(generated, pojo, writerFloor)) {
            if (!java.util.Arrays.equals(encoded, bytes(codec))) {
                throw new IllegalStateException(codec + " writes other bytes than the hand-written codec");
            }
        }
    }

    private byte[] bytes(Codec<Order> codec) {
        buffer.truncateToPosition(0);
        codec.encode(new BsonBinaryWriter(buffer), order, encoderContext);
        return buffer.toByteArray();
    }

    private int encode(Codec<Order> codec) {
        buffer.truncateToPosition(0);
        codec.encode(new BsonBinaryWriter(buffer), order, encoderContext);
        return buffer.getPosition();
    }

    private Order decode(Codec<Order> codec) {
        return codec.decode(new BsonBinaryReader(ByteBuffer.wrap(encoded)), decoderContext);
    }

    @Benchmark
    public int encodeGenerated() {
        return encode(generated);
    }

    @Benchmark
    public int encodePojo() {
        return encode(pojo);
    }

    @Benchmark
    public int encodeHandWritten() {
        return encode(handWritten);
    }

    @Benchmark
    public int encodeWriterFloor() {
        return encode(writerFloor);
    }

    @Benchmark
    public Order decodeGenerated() {
        return decode(generated);
    }

    @Benchmark
    public Order decodePojo() {
        return decode(pojo);
    }

    @Benchmark
    public Order decodeHandWritten() {
        return decode(handWritten);
    }
}
