package dev.keysmith.runtime.codec;

import dev.keysmith.runtime.IdGenerators;
import org.bson.codecs.configuration.CodecRegistry;

/**
 * The base of every generated entity codec: the entity's facts ({@link #collectionName()}, {@link #idStrategy()},
 * {@link #insertAttempts()}) and the id generators, given to the constructor once rather than written as methods
 * in every generated class. The generated subclass writes {@code encode}, {@code decode} and the id methods.
 *
 * <p>Extended by generated code only; not part of the API applications use. Thread-safe, as
 * {@link GeneratedCodec}.
 *
 * @param <T> the entity type
 */
public abstract class GeneratedEntityCodec<T> extends GeneratedCodec<T> implements EntityCodec<T> {

    /** Where the entity's new ids come from. */
    protected final IdGenerators ids;
    private final String collection;
    private final IdStrategy strategy;
    private final int attempts;

    /**
     * @param type the entity's class
     * @param collection the collection it is stored in
     * @param strategy its id strategy
     * @param attempts how many ids an insert tries ({@code @RandomId(attempts)}, else 1)
     * @param registry where the codecs of other types are found
     * @param ids where new ids come from
     * @param codecs how many slots {@link #codec} uses
     */
    protected GeneratedEntityCodec(Class<T> type, String collection, IdStrategy strategy, int attempts,
            CodecRegistry registry, IdGenerators ids, int codecs) {
        super(type, registry, codecs);
        this.collection = collection;
        this.strategy = strategy;
        this.attempts = attempts;
        this.ids = ids;
    }

    @Override
    public final String collectionName() {
        return collection;
    }

    @Override
    public final IdStrategy idStrategy() {
        return strategy;
    }

    @Override
    public final int insertAttempts() {
        return attempts;
    }
}
