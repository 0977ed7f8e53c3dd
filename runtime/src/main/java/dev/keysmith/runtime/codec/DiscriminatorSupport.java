package dev.keysmith.runtime.codec;

import org.bson.BsonDocument;
import org.bson.BsonDocumentReader;
import org.bson.BsonDocumentWriter;
import org.bson.BsonReader;
import org.bson.BsonType;
import org.bson.BsonWriter;
import org.bson.codecs.BsonDocumentCodec;
import org.bson.codecs.Codec;
import org.bson.codecs.DecoderContext;
import org.bson.codecs.EncoderContext;
import org.bson.codecs.configuration.CodecRegistry;

/**
 * The driver's rule for a property whose {@code @BsonProperty} switches the discriminator of its class's values
 * on or off, for the two cases where that changes the bytes of the class's own codec: a concrete
 * {@code @BsonDiscriminator} class under a {@code @BsonProperty} without {@code useDiscriminator = true} (written
 * without its discriminator), and a class without {@code @BsonDiscriminator} under
 * {@code @BsonProperty(useDiscriminator = true)} (written with {@code _t} and its class name right after the
 * {@code _id}). The value goes through a {@code BsonDocument} on the way: these properties are rare, and each
 * class keeps one codec rather than one per way its values are written.
 *
 * <p>Kept apart from {@link EncodeSupport} and {@link CodecSupport}, so that codecs without such a property never
 * load the classes it uses. Called by generated code only; not part of the API applications use. Thread-safe
 * (stateless).
 */
public final class DiscriminatorSupport {

    private static final BsonDocumentCodec DOCUMENTS = new BsonDocumentCodec();

    private DiscriminatorSupport() {
    }

    /**
     * Writes the property {@code name} (left out when null) as the driver does: a value of {@code declared} by
     * {@code codec} with the discriminator {@code key: discriminator} after its {@code _id}, or without the field
     * {@code key} when {@code discriminator} is null; a value of a subclass with the codec of its class, as it is.
     */
    public static <T> void write(BsonWriter writer, String name, T value, Class<?> declared, Codec<T> codec,
            String key, String discriminator, CodecRegistry registry, EncoderContext context) {
        if (value == null) {
            return;
        }
        writer.writeName(name);
        if (value.getClass() != declared) {
            EncodeSupport.writeAny(writer, value, registry, context);
            return;
        }
        BsonDocument written = new BsonDocument();
        context.encodeWithChildContext(codec, new BsonDocumentWriter(written), value);
        written.remove(key);
        BsonDocument document = written;
        if (discriminator != null) {
            document = new BsonDocument();
            if (written.containsKey("_id")) {
                document.put("_id", written.remove("_id"));
            }
            document.put(key, new org.bson.BsonString(discriminator));
            document.putAll(written);
        }
        context.encodeWithChildContext(DOCUMENTS, writer, document);
    }

    /**
     * Reads a value of a class whose documents hold a discriminator {@code key} that its codec does not know (it
     * would take it for an unknown field, or collect it into its extra elements): the sub-document without it,
     * decoded by {@code codec}.
     */
    public static <T> T readWithout(BsonReader reader, Codec<T> codec, String key, DecoderContext context,
            String entity, String field) {
        if (reader.getCurrentBsonType() == BsonType.NULL) {
            reader.readNull();
            return null;
        }
        if (reader.getCurrentBsonType() != BsonType.DOCUMENT) {
            throw EntityDecodingException.wrongType(entity, field, "a BSON " + BsonType.DOCUMENT,
                    reader.getCurrentBsonType());
        }
        BsonDocument document = context.decodeWithChildContext(DOCUMENTS, reader);
        document.remove(key);
        return CodecSupport.decode(codec, new BsonDocumentReader(document), context, entity, field);
    }
}
