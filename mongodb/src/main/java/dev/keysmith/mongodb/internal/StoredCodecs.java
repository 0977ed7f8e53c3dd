package dev.keysmith.mongodb.internal;

import dev.keysmith.mongodb.GeneratedCodecProvider;
import dev.keysmith.runtime.codec.EntityCodec;
import dev.keysmith.runtime.codec.IdStrategy;
import dev.keysmith.runtime.codec.StoredCodec;
import java.util.Objects;
import org.bson.codecs.Codec;
import org.bson.codecs.configuration.CodecRegistry;

/**
 * The codec of a class an entry point is asked for ({@code Keysmith}, {@code ReactiveKeysmith}), with the one set
 * of messages for a class that has none, is only embedded, or has no id property. Not part of the API.
 *
 * <p>Thread-safe (stateless).
 */
public final class StoredCodecs {

    private StoredCodecs() {
    }

    /**
     * The generated codec of {@code type}, a class stored in a collection of its own.
     *
     * @throws IllegalArgumentException if no codec was generated for {@code type}, or it is {@code @Embedded}
     */
    public static <T> StoredCodec<T> stored(GeneratedCodecProvider generated, CodecRegistry registry, Class<T> type) {
        Objects.requireNonNull(type, "type");
        if (!generated.handles(type)) {
            throw new IllegalArgumentException(type.getName() + " has no generated codec: annotate it with @Document "
                    + "or an id annotation, and run the keysmith processor (annotationProcessorPaths in Maven, "
                    + "annotationProcessor in Gradle)");
        }
        Codec<T> codec = registry.get(type);
        if (!(codec instanceof StoredCodec<T> storedCodec)) {
            throw new IllegalArgumentException(type.getName() + " is @Embedded, not an entity: it has no collection "
                    + "of its own; give it an id annotation or @Document to store it on its own");
        }
        return storedCodec;
    }

    /**
     * The generated codec of {@code type}, a stored class with an id property.
     *
     * @throws IllegalArgumentException as {@link #stored}, or if {@code type} is a {@code @Document} without an id
     *     property
     */
    public static <T> EntityCodec<T> entity(GeneratedCodecProvider generated, CodecRegistry registry, Class<T> type) {
        StoredCodec<T> codec = stored(generated, registry, type);
        if (!(codec instanceof EntityCodec<T> entityCodec)) {
            // A repository saves, finds and deletes by the id the instance holds; without one, save() could not
            // tell a new instance from a stored one, and a found instance could not be saved back.
            throw new IllegalArgumentException(type.getName() + " is a @Document without an id property, whose "
                    + "_id the driver assigns on insert: a Repository works by the id an instance holds; use "
                    + "keysmith.collection(" + type.getSimpleName() + ".class), or add an id property (e.g. "
                    + "@GeneratedObjectId ObjectId id) to use a Repository");
        }
        return entityCodec;
    }

    /**
     * The generated codec of {@code type}, an entity whose id is a {@code @Sequence}: the entity of a resync or a
     * counter check.
     *
     * @throws IllegalArgumentException as {@link #entity}, or if the id of {@code type} is not a {@code @Sequence}
     */
    public static <T> EntityCodec<T> sequenceEntity(GeneratedCodecProvider generated, CodecRegistry registry,
            Class<T> type) {
        EntityCodec<T> codec = entity(generated, registry, type);
        if (codec.sequence() == null) {
            throw new IllegalArgumentException(type.getName() + " has no @Sequence id (its id strategy is "
                    + codec.idStrategy() + "), so it has no counter to resync or check"
                    + (codec.idStrategy() == IdStrategy.SEQUENCE ? "; recompile it with this version of the keysmith"
                            + " processor" : ""));
        }
        return codec;
    }
}
