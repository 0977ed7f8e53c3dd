package dev.keysmith.benchmarks;

import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.bson.types.ObjectId;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * (a') Where an ObjectId's time goes: each way of building one with bson's public constructors, with the wall
 * clock read per id or a second kept by another thread, one thread. The state is one atomic counter, as in
 * {@code ObjectIdGenerator}; the process value is a constant. Explains the choice recorded in
 * docs/decisions-runtime.md.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class ObjectIdPathsBenchmark {

    private static final ThreadLocal<ByteBuffer> LAYOUT = ThreadLocal.withInitial(() -> ByteBuffer.allocate(12));
    private static final long PROCESS_VALUE_AND_NO_COUNTER = 0x12_3456_7890L << 24;

    private final AtomicLong state = new AtomicLong();
    /** Stands for the second the clock thread publishes: a volatile read, never written while measuring. */
    private volatile long publishedSeconds = wallClockSeconds();

    private static long wallClockSeconds() {
        return System.currentTimeMillis() / 1000;
    }

    /** The driver: {@code new Date()}, its own static process value and counter, a private constructor. */
    @Benchmark
    public ObjectId driverNewObjectId() {
        return new ObjectId();
    }

    /** The wall clock alone, as both the driver and a per-id reading generator pay it. */
    @Benchmark
    public long wallClockOnly() {
        return System.currentTimeMillis();
    }

    /** {@code ObjectId(int timestamp, int counter)}: free, but it stamps the driver's process value. */
    @Benchmark
    public ObjectId timestampAndCounterConstructor() {
        long counter = state.incrementAndGet() & 0xFFFFFF;
        return new ObjectId((int) wallClockSeconds(), (int) counter);
    }

    /** keysmith before: wall clock per id, the 12 bytes in a per-thread {@code ByteBuffer}. */
    @Benchmark
    public ObjectId perThreadBuffer() {
        long seconds = wallClockSeconds();
        long low = PROCESS_VALUE_AND_NO_COUNTER | state.incrementAndGet() & 0xFFFFFF;
        ByteBuffer buffer = LAYOUT.get();
        buffer.putInt(0, (int) seconds).putLong(4, low);
        return new ObjectId(buffer.rewind());
    }

    /** Wall clock per id, the 12 bytes in a new array: {@code ObjectId(byte[])}. */
    @Benchmark
    public ObjectId newArray() {
        return fromArray(wallClockSeconds(), PROCESS_VALUE_AND_NO_COUNTER | state.incrementAndGet() & 0xFFFFFF);
    }

    /** The published second, the 12 bytes in a new array. */
    @Benchmark
    public ObjectId publishedSecondNewArray() {
        return fromArray(publishedSeconds, PROCESS_VALUE_AND_NO_COUNTER | state.incrementAndGet() & 0xFFFFFF);
    }

    /** keysmith now: the published second, the 12 bytes in a per-thread {@code ByteBuffer}. */
    @Benchmark
    public ObjectId publishedSecondPerThreadBuffer() {
        long seconds = publishedSeconds;
        long low = PROCESS_VALUE_AND_NO_COUNTER | state.incrementAndGet() & 0xFFFFFF;
        ByteBuffer buffer = LAYOUT.get();
        buffer.putInt(0, (int) seconds).putLong(4, low);
        return new ObjectId(buffer.rewind());
    }

    private static ObjectId fromArray(long seconds, long low) {
        byte[] bytes = new byte[12];
        bytes[0] = (byte) (seconds >>> 24);
        bytes[1] = (byte) (seconds >>> 16);
        bytes[2] = (byte) (seconds >>> 8);
        bytes[3] = (byte) seconds;
        for (int i = 0; i < 8; i++) {
            bytes[4 + i] = (byte) (low >>> (56 - 8 * i));
        }
        return new ObjectId(bytes);
    }
}
