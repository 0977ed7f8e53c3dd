package dev.keysmith.runtime.codec;

import org.bson.codecs.Codec;
import org.bson.codecs.configuration.CodecRegistry;

/**
 * The base of every generated codec: what each codec would otherwise repeat, its encoder class, the registry and
 * the codecs it looks up there, written once here rather than in every generated class (less generated code for
 * javac to compile). The generated subclass writes {@code encode} and {@code decode}.
 *
 * <p>Extended by generated code only; not part of the API applications use. Thread-safe: the codecs looked up
 * are cached in slots written without a lock; a race only looks one up twice.
 *
 * @param <T> the type coded
 */
public abstract class GeneratedCodec<T> implements Codec<T> {

    private static final Codec<?>[] NO_CODECS = {};

    private final Class<T> type;
    /** Where the codecs of other types are found. */
    protected final CodecRegistry registry;
    private final Codec<?>[] codecs;

    /**
     * @param type the class coded (for a generic type, its raw class)
     * @param registry where the codecs of other types are found
     * @param codecs how many slots {@link #codec} uses
     */
    @SuppressWarnings("unchecked")
    protected GeneratedCodec(Class<?> type, CodecRegistry registry, int codecs) {
        this.type = (Class<T>) type;
        this.registry = registry;
        this.codecs = codecs == 0 ? NO_CODECS : new Codec<?>[codecs];
    }

    @Override
    public final Class<T> getEncoderClass() {
        return type;
    }

    /**
     * The registry's codec of {@code type}, kept in {@code slot} (one per type the subclass codes through the
     * registry). Looked up on first use rather than in the constructor, so that codecs that refer to each other
     * can be created in any order.
     */
    @SuppressWarnings("unchecked")
    protected final <C> Codec<C> codec(int slot, Class<C> type) {
        Codec<?> codec = codecs[slot];
        if (codec == null) {
            codec = registry.get(type);
            codecs[slot] = codec;
        }
        return (Codec<C>) codec;
    }
}
