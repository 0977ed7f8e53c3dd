package dev.keysmith.runtime.codec;

import java.util.Collection;
import java.util.Map;
import java.util.function.Supplier;
import org.bson.BsonReader;
import org.bson.BsonType;
import org.bson.BsonWriter;
import org.bson.codecs.Codec;
import org.bson.codecs.DecoderContext;
import org.bson.codecs.EncoderContext;
import org.bson.codecs.configuration.CodecRegistry;

/**
 * Codecs of a collection or a map whose element codec is given: what a generated codec of a generic type
 * ({@code Holder<T>}) is made with when its type argument is itself a collection or a map
 * ({@code Holder<List<Item>>}). They write and read as the driver's PojoCodec writes and reads such a value: a
 * BSON array or a sub-document, a {@code null} element as BSON null.
 *
 * <p>Thread-safe (stateless); the codecs are immutable.
 */
public final class ContainerCodecs {

    private ContainerCodecs() {
    }

    /** A collection of values of {@code element}, read into a new collection from {@code create}. */
    public static <E, C extends Collection<E>> Codec<C> collection(Codec<E> element, Supplier<? extends C> create) {
        return new CollectionCodec<>(element, create);
    }

    /** A map from names to values of {@code value}, read into a new map from {@code create}. */
    public static <V, M extends Map<String, V>> Codec<M> map(Codec<V> value, Supplier<? extends M> create) {
        return new MapCodec<>(value, create);
    }

    /**
     * Values of {@code type}, an abstract class or interface with {@code @BsonDiscriminator} (or a class with
     * subclasses): each written by the codec of its class, with its discriminator, and read by the codec of the
     * class the discriminator names, as the driver's {@code PojoCodec} of {@code type} does. What a generic
     * type's codec is made with for such a type argument ({@code Range<Shape>}).
     *
     * @param classes the classes, by discriminator value
     */
    public static <T> Codec<T> discriminated(Class<T> type, CodecRegistry registry, String key,
            Map<String, Class<?>> classes) {
        return new DiscriminatedCodec<>(type, registry, key, classes);
    }

    private record DiscriminatedCodec<T>(Class<T> type, CodecRegistry registry, String key,
            Map<String, Class<?>> classes) implements Codec<T> {

        @Override
        public void encode(BsonWriter writer, T value, EncoderContext context) {
            EncodeSupport.encodeAsItsClass(writer, value, registry, context);
        }

        @Override
        public T decode(BsonReader reader, DecoderContext context) {
            return type.cast(CodecSupport.decodeDiscriminated(reader, registry, context, key, classes,
                    type.getSimpleName()));
        }

        @Override
        public Class<T> getEncoderClass() {
            return type;
        }
    }

    private record CollectionCodec<E, C extends Collection<E>>(Codec<E> element, Supplier<? extends C> create)
            implements Codec<C> {

        @Override
        public void encode(BsonWriter writer, C value, EncoderContext context) {
            writer.writeStartArray();
            for (E item : value) {
                if (item == null) {
                    writer.writeNull();
                } else {
                    context.encodeWithChildContext(element, writer, item);
                }
            }
            writer.writeEndArray();
        }

        @Override
        public C decode(BsonReader reader, DecoderContext context) {
            C values = create.get();
            reader.readStartArray();
            while (reader.readBsonType() != BsonType.END_OF_DOCUMENT) {
                if (reader.getCurrentBsonType() == BsonType.NULL) {
                    reader.readNull();
                    values.add(null);
                } else {
                    values.add(context.decodeWithChildContext(element, reader));
                }
            }
            reader.readEndArray();
            return values;
        }

        @Override
        @SuppressWarnings("unchecked")
        public Class<C> getEncoderClass() {
            return (Class<C>) (Class<?>) Collection.class;
        }
    }

    private record MapCodec<V, M extends Map<String, V>>(Codec<V> value, Supplier<? extends M> create)
            implements Codec<M> {

        @Override
        public void encode(BsonWriter writer, M map, EncoderContext context) {
            writer.writeStartDocument();
            for (Map.Entry<String, V> entry : map.entrySet()) {
                writer.writeName(entry.getKey());
                if (entry.getValue() == null) {
                    writer.writeNull();
                } else {
                    context.encodeWithChildContext(value, writer, entry.getValue());
                }
            }
            writer.writeEndDocument();
        }

        @Override
        public M decode(BsonReader reader, DecoderContext context) {
            M values = create.get();
            reader.readStartDocument();
            while (reader.readBsonType() != BsonType.END_OF_DOCUMENT) {
                String name = reader.readName();
                if (reader.getCurrentBsonType() == BsonType.NULL) {
                    reader.readNull();
                    values.put(name, null);
                } else {
                    values.put(name, context.decodeWithChildContext(value, reader));
                }
            }
            reader.readEndDocument();
            return values;
        }

        @Override
        @SuppressWarnings("unchecked")
        public Class<M> getEncoderClass() {
            return (Class<M>) (Class<?>) Map.class;
        }
    }
}
