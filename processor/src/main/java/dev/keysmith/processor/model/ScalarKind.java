package dev.keysmith.processor.model;

import java.util.HashMap;
import java.util.Map;
import javax.lang.model.type.TypeKind;

/**
 * The value kinds that generated code writes and reads with direct {@code BsonWriter}/{@code BsonReader} calls, as a
 * table: one row per kind, holding every fact the processor knows of it, so that adding a kind is adding a row.
 *
 * <p>The columns: the primitive type of the kind (or none) and its Java class ({@code java.lang.Integer}; none for
 * {@code ENUM}, which stands for every enum class, so its read is told the class); the
 * {@code @BsonRepresentation} that stores it as it is; the {@code BsonWriter} method and its argument; the
 * {@code EncodeSupport} method that writes a value that may be null (none for the rare boxed kinds, which the codec
 * tests for null itself); the {@code CodecSupport} read (a boxed primitive kind reads with its {@code OrNull}
 * variant); and, for the kinds an id may be, the id's {@code BsonValue} made directly (none: the id is written into a
 * document and taken out).
 *
 * <p>Arguments and id values are JavaPoet templates with named arguments: {@code $value:L} is the value, and
 * {@code $encode:T}, {@code $uuids:T}, {@code $string:T}, {@code $binary:T}, {@code $objectId:T},
 * {@code $int32:T}, {@code $int64:T} and {@code $bsonString:T} the classes the writing package names for them.
 *
 * <p>Immutable.
 */
public enum ScalarKind {
    //         primitive          Java class                  @BsonRepresentation
    //         BsonWriter method  argument                    shared nullable write   read                  id value
    BOOLEAN(TypeKind.BOOLEAN, "java.lang.Boolean", "BOOLEAN",
            "writeBoolean", "$value:L", "writeBoolean", "readBoolean", null),
    INT(TypeKind.INT, "java.lang.Integer", "INT32",
            "writeInt32", "$value:L", "writeInt32", "readInt", "new $int32:T($value:L)"),
    LONG(TypeKind.LONG, "java.lang.Long", "INT64",
            "writeInt64", "$value:L", "writeInt64", "readLong", "new $int64:T($value:L)"),
    DOUBLE(TypeKind.DOUBLE, "java.lang.Double", "DOUBLE",
            "writeDouble", "$value:L", "writeDouble", "readDouble", null),
    FLOAT(TypeKind.FLOAT, "java.lang.Float", "DOUBLE",
            "writeDouble", "$value:L", null, "readFloat", null),
    SHORT(TypeKind.SHORT, "java.lang.Short", "INT32",
            "writeInt32", "$value:L", null, "readShort", null),
    BYTE(TypeKind.BYTE, "java.lang.Byte", "INT32",
            "writeInt32", "$value:L", null, "readByte", null),
    CHAR(TypeKind.CHAR, "java.lang.Character", null,
            "writeString", "$string:T.valueOf($value:L)", null, "readChar", null),
    STRING(null, "java.lang.String", "STRING",
            "writeString", "$value:L", "writeString", "readString", "new $bsonString:T($value:L)"),
    ENUM(null, null, null,
            "writeString", "$value:L.name()", "writeEnum", "readEnum", null),
    INSTANT(null, "java.time.Instant", null,
            "writeDateTime", "$value:L.toEpochMilli()", "writeInstant", "readInstant", null),
    DATE(null, "java.util.Date", null,
            "writeDateTime", "$value:L.getTime()", "writeDate", "readDate", null),
    LOCAL_DATE(null, "java.time.LocalDate", null,
            "writeDateTime", "$encode:T.toEpochMilli($value:L)", "writeLocalDate", "readLocalDate", null),
    LOCAL_DATE_TIME(null, "java.time.LocalDateTime", null,
            "writeDateTime", "$encode:T.toEpochMilli($value:L)", "writeLocalDateTime", "readLocalDateTime", null),
    BIG_DECIMAL(null, "java.math.BigDecimal", "DECIMAL128",
            "writeDecimal128", "$encode:T.toDecimal128($value:L)", "writeDecimal", "readBigDecimal", null),
    UUID(null, "java.util.UUID", null,
            "writeBinaryData", "$uuids:T.toBinary($value:L)", "writeUuid", "readUuid", "$uuids:T.toBinary($value:L)"),
    OBJECT_ID(null, "org.bson.types.ObjectId", "OBJECT_ID",
            "writeObjectId", "$value:L", "writeObjectId", "readObjectId", "new $objectId:T($value:L)"),
    BYTES(null, "byte[]", null,
            "writeBinaryData", "new $binary:T($value:L)", "writeBytes", "readBytes", null);

    private static final Map<String, ScalarKind> BY_CLASS = new HashMap<>();
    private static final Map<TypeKind, ScalarKind> BY_PRIMITIVE = new HashMap<>();

    static {
        for (ScalarKind kind : values()) {
            if (kind.javaClass != null) {
                BY_CLASS.put(kind.javaClass, kind);
            }
            if (kind.primitive != null) {
                BY_PRIMITIVE.put(kind.primitive, kind);
            }
        }
    }

    private final TypeKind primitive;
    private final String javaClass;
    private final String representation;
    private final String writerMethod;
    private final String writerArgument;
    private final String sharedWrite;
    private final String read;
    private final String idValue;

    ScalarKind(TypeKind primitive, String javaClass, String representation, String writerMethod,
            String writerArgument, String sharedWrite, String read, String idValue) {
        this.primitive = primitive;
        this.javaClass = javaClass;
        this.representation = representation;
        this.writerMethod = writerMethod;
        this.writerArgument = writerArgument;
        this.sharedWrite = sharedWrite;
        this.read = read;
        this.idValue = idValue;
    }

    /** The kind of a class by its qualified name ({@code java.time.Instant}), or null when no kind is that class. */
    public static ScalarKind ofClass(String qualifiedName) {
        return BY_CLASS.get(qualifiedName);
    }

    /** The kind of a primitive type, or null for a type that is not primitive. */
    public static ScalarKind ofPrimitive(TypeKind kind) {
        return BY_PRIMITIVE.get(kind);
    }

    /**
     * Whether {@code @BsonRepresentation(value)} stores a value of this kind as it is (the generated code writes
     * the kind one way only, so any other representation would store other bytes than the driver).
     */
    public boolean storedAs(String value) {
        return value.equals(representation);
    }

    /** The {@code BsonWriter} method that writes a value of this kind: {@code writeInt32}. */
    public String writerMethod() {
        return writerMethod;
    }

    /** The argument of {@link #writerMethod()}, a template of the value: {@code $value:L.toEpochMilli()}. */
    public String writerArgument() {
        return writerArgument;
    }

    /**
     * The {@code EncodeSupport} method that writes a value of this kind which may be null, leaving a null out; null
     * for the boxed {@code Short}, {@code Byte}, {@code Float} and {@code Character}, which have none.
     */
    public String sharedWrite() {
        return sharedWrite;
    }

    /**
     * The {@code CodecSupport} method that reads a value of this kind: {@code readInt} into an {@code int},
     * {@code readIntOrNull} into an {@code Integer}.
     *
     * @param primitiveType whether the value's Java type is the primitive one
     */
    public String read(boolean primitiveType) {
        return primitive != null && !primitiveType ? read + "OrNull" : read;
    }

    /** Whether the read is told the class (a kind of many classes: enums). */
    public boolean readsClass() {
        return javaClass == null;
    }

    /** The id's {@code BsonValue} made directly from the value, a template; null when the kind has none. */
    public String idValue() {
        return idValue;
    }
}
