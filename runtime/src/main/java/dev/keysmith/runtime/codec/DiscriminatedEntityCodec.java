package dev.keysmith.runtime.codec;

import dev.keysmith.runtime.IdGenerators;
import dev.keysmith.runtime.SequenceAllocator;
import java.util.Map;
import org.bson.BsonReader;
import org.bson.BsonValue;
import org.bson.BsonWriter;
import org.bson.codecs.Codec;
import org.bson.codecs.DecoderContext;
import org.bson.codecs.EncoderContext;
import org.bson.codecs.configuration.CodecRegistry;

/**
 * The base of the generated codec of an abstract {@code @Document} class with {@code @BsonDiscriminator} and the
 * id: its collection holds its subclasses, each written by the codec of its class (with its discriminator) and
 * read by the codec of the class the discriminator names, as the driver's {@code PojoCodec} of the abstract class
 * does. The id is the base class's, so every subclass's generated codec has the same id and strategy (and, for a
 * {@code @Sequence}, the same sequence, named after the base class's collection): the id methods are those of the
 * codec of the instance's class; {@link #idToBson} and {@link #sequence} those of the first subclass's.
 *
 * <p>Extended by generated code only; not part of the API applications use. Thread-safe, as
 * {@link GeneratedCodec}.
 *
 * @param <T> the abstract class
 */
public abstract class DiscriminatedEntityCodec<T> extends GeneratedEntityCodec<T> {

    /** Writes each value with its class's codec, reads each document with the codec its discriminator names. */
    private final Codec<T> byClass;
    private final Map<String, Class<?>> classes;

    /**
     * @param type the abstract class
     * @param collection the collection it is stored in
     * @param strategy its id strategy
     * @param attempts how many ids an insert tries ({@code @RandomId(attempts)}, else 1)
     * @param registry where the codecs of the subclasses are found
     * @param ids where new ids come from (through the subclasses' codecs)
     * @param key the discriminator's key
     * @param classes the concrete subclasses, by discriminator value (at least one)
     */
    protected DiscriminatedEntityCodec(Class<T> type, String collection, IdStrategy strategy, int attempts,
            CodecRegistry registry, IdGenerators ids, String key, Map<String, Class<?>> classes) {
        super(type, collection, strategy, attempts, registry, ids, 0);
        this.byClass = ContainerCodecs.discriminated(type, registry, key, classes);
        this.classes = classes;
    }

    @Override
    public final void encode(BsonWriter writer, T value, EncoderContext encoderContext) {
        byClass.encode(writer, value, encoderContext);
    }

    @Override
    public final T decode(BsonReader reader, DecoderContext decoderContext) {
        return byClass.decode(reader, decoderContext);
    }

    /** The entity codec of {@code type}, a subclass stored in this collection. */
    @SuppressWarnings("unchecked")
    private EntityCodec<T> codecOf(Class<?> type) {
        Codec<?> codec = registry.get(type);
        if (codec instanceof EntityCodec<?> entity) {
            return (EntityCodec<T>) entity;
        }
        throw new IllegalStateException("The codec of " + type.getName() + ", stored in the collection of "
                + getEncoderClass().getSimpleName() + ", is not a keysmith entity codec (" + codec.getClass().getName()
                + "): compile " + type.getSimpleName() + " with the keysmith processor");
    }

    private EntityCodec<T> anySubclass() {
        return codecOf(classes.values().iterator().next());
    }

    @Override
    public final BsonValue idToBson(Object id) {
        return anySubclass().idToBson(id);
    }

    @Override
    public final SequenceAllocator sequence() {
        return anySubclass().sequence();
    }

    @Override
    public final boolean documentHasId(T document) {
        return codecOf(document.getClass()).documentHasId(document);
    }

    @Override
    public final Object idOf(T entity) {
        return codecOf(entity.getClass()).idOf(entity);
    }

    @Override
    public final T withNewId(T entity) {
        return codecOf(entity.getClass()).withNewId(entity);
    }

    @Override
    public final T withSequenceId(T entity, long id) {
        return codecOf(entity.getClass()).withSequenceId(entity, id);
    }

    @Override
    public final void forgetAssignedId(T entity) {
        codecOf(entity.getClass()).forgetAssignedId(entity);
    }
}
