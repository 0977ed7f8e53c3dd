package dev.keysmith.runtime.codec;

import java.util.Map;
import org.bson.BsonReader;
import org.bson.BsonWriter;
import org.bson.codecs.Codec;
import org.bson.codecs.DecoderContext;
import org.bson.codecs.EncoderContext;
import org.bson.codecs.configuration.CodecRegistry;

/**
 * The base of the generated codec of an abstract {@code @Document} class with {@code @BsonDiscriminator} and no id
 * property: its collection holds its subclasses, each written by the codec of its class (with its discriminator)
 * and read by the codec of the class the discriminator names, as the driver's {@code PojoCodec} of the abstract
 * class does. The driver assigns {@code _id} on insert.
 *
 * <p>Extended by generated code only; not part of the API applications use. Thread-safe, as
 * {@link GeneratedCodec}.
 *
 * @param <T> the abstract class
 */
public abstract class DiscriminatedStoredCodec<T> extends GeneratedStoredCodec<T> {

    /** Writes each value with its class's codec, reads each document with the codec its discriminator names. */
    private final Codec<T> byClass;

    /**
     * @param type the abstract class
     * @param collection the collection it is stored in
     * @param registry where the codecs of the subclasses are found
     * @param key the discriminator's key
     * @param classes the concrete subclasses, by discriminator value
     */
    protected DiscriminatedStoredCodec(Class<T> type, String collection, CodecRegistry registry, String key,
            Map<String, Class<?>> classes) {
        super(type, collection, registry, 0);
        this.byClass = ContainerCodecs.discriminated(type, registry, key, classes);
    }

    @Override
    public final void encode(BsonWriter writer, T value, EncoderContext encoderContext) {
        byClass.encode(writer, value, encoderContext);
    }

    @Override
    public final T decode(BsonReader reader, DecoderContext decoderContext) {
        return byClass.decode(reader, decoderContext);
    }
}
