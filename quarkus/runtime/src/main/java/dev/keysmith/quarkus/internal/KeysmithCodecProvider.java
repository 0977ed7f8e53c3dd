package dev.keysmith.quarkus.internal;

import jakarta.inject.Singleton;
import org.bson.codecs.Codec;
import org.bson.codecs.configuration.CodecProvider;
import org.bson.codecs.configuration.CodecRegistry;

/**
 * keysmith's generated codecs as a bean of type {@link CodecProvider}: Quarkus's MongoDB client puts every such bean
 * in its registry ahead of the driver's defaults and of the POJO codec, for every client, blocking and reactive. The
 * codecs take their ids from {@link KeysmithIds}, which opens the counter store on the first codec made (the clients
 * exist by then).
 *
 * <p>Thread-safe.
 */
@Singleton
public class KeysmithCodecProvider implements CodecProvider {

    private final GeneratedCodecs codecs;
    private final KeysmithIds ids;

    public KeysmithCodecProvider(GeneratedCodecs codecs, KeysmithIds ids) {
        this.codecs = codecs;
        this.ids = ids;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> Codec<T> get(Class<T> type, CodecRegistry registry) {
        Codec<?> codec = codecs.create(type, registry, ids);
        return (Codec<T>) codec;
    }
}
