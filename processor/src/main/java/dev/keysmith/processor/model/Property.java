package dev.keysmith.processor.model;

import com.palantir.javapoet.TypeName;
import javax.lang.model.element.Element;

/**
 * One persisted property of an entity or embedded type.
 *
 * @param javaName the field or record component name
 * @param bsonName the name in the document ({@code _id} for the id, else the {@code @BsonProperty} name or the
 *     Java name)
 * @param type how the value is stored
 * @param read how the codec reads the value from an instance
 * @param write how the codec puts a decoded value into an instance
 * @param fieldIsPrivate whether the backing field is private (explains a missing accessor)
 * @param fieldIsFinal whether the backing field is final (explains why it cannot be written)
 * @param objectIdString whether the property is a {@code String} stored as an ObjectId
 *     ({@code @BsonRepresentation(BsonType.OBJECT_ID)})
 * @param extraElements how a {@code @BsonExtraElements} property collects the fields no other property reads,
 *     or null for an ordinary property
 * @param element where errors about the property are reported (valid in the current round only)
 *
 * <p>Immutable (its element is valid in the current round only).
 */
public record Property(String javaName, String bsonName, ValueType type, Access read, Access write,
        boolean fieldIsPrivate, boolean fieldIsFinal, boolean objectIdString, ExtraElements extraElements,
        Element element) {

    /**
     * The types a {@code @BsonExtraElements} property may have, as in the driver: the unknown fields of a document
     * are collected into one, and written back in its place.
     */
    public enum ExtraElements {
        /** {@code org.bson.Document}: values as the driver's {@code Document} codec reads them. */
        DOCUMENT,
        /** {@code org.bson.BsonDocument}: values as {@code BsonValue}s. */
        BSON_DOCUMENT,
        /**
         * A {@code Map<String, V>} (its {@link ValueType.MapOf} says which class is created): values as the
         * driver's {@code Document} codec reads them.
         */
        MAP
    }

    /** The same property stored under another name. */
    public Property withBsonName(String name) {
        return new Property(javaName, name, type, read, write, fieldIsPrivate, fieldIsFinal, objectIdString,
                extraElements, element);
    }

    /** The name of the getter a class would need, e.g. {@code getName} or {@code isActive}. */
    public String getterName() {
        String prefix = type.javaType().equals(TypeName.BOOLEAN) ? "is" : "get";
        return prefix + capitalized();
    }

    /** The name of the setter a class would need, e.g. {@code setName}. */
    public String setterName() {
        return "set" + capitalized();
    }

    private String capitalized() {
        return Character.toUpperCase(javaName.charAt(0)) + javaName.substring(1);
    }
}
