package dev.keysmith.runtime.codec;

import java.util.Collection;
import org.bson.BsonReader;
import org.bson.BsonType;
import org.bson.BsonWriter;

/**
 * Writing and reading the containers that many entities hold, shared by the generated codecs instead of a helper method
 * repeated in each (what every copy would cost is javac's time, not the codec's: the loop is the same). Only
 * generated code calls it; the entity and field name only name the value in a decoding error.
 *
 * <p>Thread-safe (stateless).
 */
public final class ContainerSupport {

    private ContainerSupport() {
    }

    /** Writes {@code values} as an array of strings (a {@code null} element as BSON null). */
    public static void writeStrings(BsonWriter writer, Collection<String> values) {
        writer.writeStartArray();
        for (String value : values) {
            if (value == null) {
                writer.writeNull();
            } else {
                writer.writeString(value);
            }
        }
        writer.writeEndArray();
    }

    /**
     * Reads an array of strings (a BSON null element as {@code null}) into {@code target}, or returns null for a
     * BSON null.
     *
     * @throws EntityDecodingException naming {@code entity.field} for a value that is neither an array nor null,
     *     or an element that is not a string or null
     */
    public static <C extends Collection<String>> C readStrings(BsonReader reader, C target, String entity,
            String field) {
        if (!CodecSupport.startArray(reader, entity, field)) {
            return null;
        }
        while (reader.readBsonType() != BsonType.END_OF_DOCUMENT) {
            target.add(CodecSupport.readString(reader, entity, field));
        }
        reader.readEndArray();
        return target;
    }
}
