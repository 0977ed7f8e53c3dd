package dev.keysmith.runtime.codec;

import dev.keysmith.runtime.IdGenerators;
import org.bson.codecs.Codec;
import org.bson.codecs.configuration.CodecRegistry;

/**
 * Makes the generated codec of one entity or embedded type, for {@code ServiceLoader}: listed in
 * {@code META-INF/services/dev.keysmith.runtime.codec.GeneratedCodecFactory}, by hand or by the processor when
 * it runs with {@code -Akeysmith.serviceLoader=true} (without it, codecs are found by their name next to their
 * type).
 *
 * <p>Implementations are immutable and thread-safe.
 */
public interface GeneratedCodecFactory {

    /** The entity or embedded type the codec handles. */
    Class<?> type();

    /**
     * A codec for {@link #type()}: an {@link EntityCodec} for an entity, a plain {@link Codec} for an
     * embedded type.
     *
     * @param registry where the codec finds the codecs of the types it holds (looked up lazily, so that
     *     types that refer to each other work)
     * @param ids where an entity codec takes new ids from
     */
    Codec<?> create(CodecRegistry registry, IdGenerators ids);
}
