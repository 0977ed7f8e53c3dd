package dev.keysmith.runtime.codec;

import org.bson.codecs.configuration.CodecRegistry;

/**
 * The base of every generated codec of a {@code @Document} without an id property: its collection, given to the
 * constructor once. The generated subclass writes {@code encode} and {@code decode}, with no {@code _id}: the
 * driver assigns it on insert, and decoding skips it.
 *
 * <p>Extended by generated code only; not part of the API applications use. Thread-safe, as
 * {@link GeneratedCodec}.
 *
 * @param <T> the stored type
 */
public abstract class GeneratedStoredCodec<T> extends GeneratedCodec<T> implements StoredCodec<T> {

    private final String collection;

    /**
     * @param type the stored class
     * @param collection the collection it is stored in
     * @param registry where the codecs of other types are found
     * @param codecs how many slots {@link #codec} uses
     */
    protected GeneratedStoredCodec(Class<T> type, String collection, CodecRegistry registry, int codecs) {
        super(type, registry, codecs);
        this.collection = collection;
    }

    @Override
    public final String collectionName() {
        return collection;
    }
}
