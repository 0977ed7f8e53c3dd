package dev.keysmith.runtime;

import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.bson.types.ObjectId;

/**
 * The generators of every strategy for one database: the JVM-wide {@link ObjectIdGenerator} and version 7
 * {@link UuidGenerator}, a {@link RandomIdGenerator} per digit count, and one {@link SequenceAllocator} per
 * sequence name over the database's {@link CounterStore}. Each generator is made on first use. Generated codecs take their ids from here.
 *
 * <p>Thread-safe.
 */
public final class IdGenerators implements AutoCloseable {

    private final CounterStore store;
    private final Map<Integer, RandomIdGenerator> randomIds = new ConcurrentHashMap<>();
    private final Map<String, SequenceAllocator> sequences = new ConcurrentHashMap<>();
    private volatile boolean closed;

    private IdGenerators(CounterStore store) {
        this.store = Objects.requireNonNull(store, "store");
    }

    /**
     * The JVM-wide ObjectId generator, made on first use: creating generators costs nothing until an id is
     * needed (seeding {@code SecureRandom} is the slow part of starting up).
     */
    private static final class SharedObjectIds {
        static final ObjectIdGenerator GENERATOR = ObjectIdGenerator.create();
    }

    /** Generators whose sequences reserve their ranges in {@code store}. */
    public static IdGenerators create(CounterStore store) {
        return new IdGenerators(store);
    }

    /** An ObjectId from the JVM-wide generator: one 5-byte process value per process, as the spec has it. */
    public ObjectId objectId() {
        return SharedObjectIds.GENERATOR.next();
    }

    /** A version 4 UUID. */
    public UUID randomUuid() {
        return UUID.randomUUID();
    }

    /** A version 7 UUID, strictly increasing within the JVM. */
    public UUID timeOrderedUuid() {
        return UuidGenerator.timeOrdered().next();
    }

    /**
     * A random id with exactly {@code digits} digits (1 to 18).
     *
     * @throws IllegalArgumentException naming {@code digits} if it is not between 1 and 18
     */
    public long randomId(int digits) {
        RandomIdGenerator generator = randomIds.get(digits);
        if (generator == null) {
            generator = randomIds.computeIfAbsent(digits, RandomIdGenerator::create);
        }
        return generator.next();
    }

    /**
     * The allocator of the sequence {@code spec.name()}, opened on first use and shared afterwards.
     *
     * @throws IllegalArgumentException if the same name was opened before with other settings
     * @throws IllegalStateException if these generators are closed
     */
    public SequenceAllocator sequence(SequenceSpec spec) {
        Objects.requireNonNull(spec, "spec");
        if (closed) {
            throw new IllegalStateException("these id generators are closed; sequence '" + spec.name()
                    + "' cannot be opened");
        }
        SequenceAllocator allocator = sequences.computeIfAbsent(spec.name(), name -> SequenceAllocator.open(spec, store));
        if (!allocator.spec().equals(spec)) {
            throw new IllegalArgumentException("sequence '" + spec.name() + "' is declared twice with different"
                    + " settings: " + allocator.spec() + " and " + spec + "; give one of them another name");
        }
        return allocator;
    }

    /** Closes every sequence allocator. */
    @Override
    public void close() {
        closed = true;
        sequences.values().forEach(SequenceAllocator::close);
    }
}
