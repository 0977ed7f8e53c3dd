package dev.keysmith.runtime.codec;

import org.bson.codecs.Codec;

/**
 * The generated codec of a type stored in a collection of its own ({@code @Document} or an id annotation). An
 * {@link EntityCodec} when the type has an id property; without one, the codec writes no {@code _id}, the driver
 * adds an ObjectId {@code _id} on insert and decoding skips it, as with the driver's {@code PojoCodec}.
 *
 * <p>Implementations are immutable and thread-safe.
 *
 * @param <T> the stored type
 */
public interface StoredCodec<T> extends Codec<T> {

    /** The collection the type is stored in. */
    String collectionName();
}
