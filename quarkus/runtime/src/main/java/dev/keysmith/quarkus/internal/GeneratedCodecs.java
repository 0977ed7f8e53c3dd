package dev.keysmith.quarkus.internal;

import dev.keysmith.runtime.IdGenerators;
import java.util.function.Supplier;
import org.bson.codecs.Codec;
import org.bson.codecs.configuration.CodecRegistry;

/**
 * The generated codecs of the application, by type: implemented by a class that the extension writes at build time
 * from the Jandex index (one {@code new Person_KeysmithCodec(registry, ids)} per type), so that no codec is looked up
 * by name or made by reflection at run time.
 *
 * <p>Implementations are immutable and thread-safe.
 */
public interface GeneratedCodecs {

    /**
     * The codec of {@code type}, new, or null if keysmith generated none for it; {@code ids} is asked only for a type
     * that has one (asking it may open the counter store).
     */
    Codec<?> create(Class<?> type, CodecRegistry registry, Supplier<IdGenerators> ids);
}
