package dev.keysmith.runtime;

import java.util.UUID;
import org.bson.types.ObjectId;

/**
 * The generators of every strategy for one database: one {@link ObjectIdGenerator}, the UUID generators, a
 * {@link RandomIdGenerator} per digit count, and one {@link SequenceAllocator} per sequence name over the
 * database's {@link CounterStore}. Generated codecs take their ids from here.
 *
 * <p>Thread-safe.
 */
public final class IdGenerators implements AutoCloseable {

    /** Generators whose sequences reserve their ranges in {@code store}. */
    public static IdGenerators create(CounterStore store) {
        throw new UnsupportedOperationException("implemented in the runtime issue");
    }

    public ObjectId objectId() {
        throw new UnsupportedOperationException("implemented in the runtime issue");
    }

    /** A version 4 UUID. */
    public UUID randomUuid() {
        throw new UnsupportedOperationException("implemented in the runtime issue");
    }

    /** A version 7 UUID, strictly increasing within the JVM. */
    public UUID timeOrderedUuid() {
        throw new UnsupportedOperationException("implemented in the runtime issue");
    }

    /** A random id with exactly {@code digits} digits (1 to 18). */
    public long randomId(int digits) {
        throw new UnsupportedOperationException("implemented in the runtime issue");
    }

    /**
     * The allocator of the sequence {@code spec.name()}, opened on first use and shared afterwards.
     *
     * @throws IllegalArgumentException if the same name was opened before with other settings
     */
    public SequenceAllocator sequence(SequenceSpec spec) {
        throw new UnsupportedOperationException("implemented in the runtime issue");
    }

    /** Closes every sequence allocator. */
    @Override
    public void close() {
        throw new UnsupportedOperationException("implemented in the runtime issue");
    }
}
