package dev.keysmith.runtime.codec;

import dev.keysmith.runtime.Uuids;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Collection;
import java.util.Date;
import java.util.Map;
import java.util.UUID;
import org.bson.BSONException;
import org.bson.BsonBinary;
import org.bson.BsonBinarySubType;
import org.bson.BsonDocument;
import org.bson.BsonReader;
import org.bson.BsonReaderMark;
import org.bson.BsonType;
import org.bson.codecs.BsonTypeClassMap;
import org.bson.codecs.BsonValueCodec;
import org.bson.codecs.Decoder;
import org.bson.codecs.configuration.CodecRegistry;
import org.bson.codecs.DecoderContext;
import org.bson.types.Decimal128;
import org.bson.types.ObjectId;

/**
 * The checked reads of generated codecs: each method reads the current value if it has the BSON type the
 * field needs, and otherwise throws an {@link EntityDecodingException} naming the entity, the field and what
 * it found. Methods for reference types return null for a BSON null; methods for primitives reject it.
 * Numbers convert where no information is lost, as the driver's number codecs do (an {@code int} from an int64,
 * the double {@code 2.0} or an integral decimal; a {@code double} from an int32), and a lossy value fails with
 * an error that names it; a {@code float} is rounded like the driver's {@code FloatCodec} does, but never
 * overflows to infinity. The encoding side's helpers are in {@link EncodeSupport}.
 *
 * <p>Called by generated code only; not part of the API applications use. Thread-safe (stateless).
 */
public final class CodecSupport {

    private CodecSupport() {
    }

    private static boolean isNull(BsonReader reader) {
        if (reader.getCurrentBsonType() == BsonType.NULL) {
            reader.readNull();
            return true;
        }
        return false;
    }

    /**
     * Whether the current value is of the {@code expected} type (checked first: it is the common case); a null is
     * read and gives false; any other type is the entity's decoding error.
     */
    private static boolean present(BsonReader reader, BsonType expected, String entity, String field) {
        BsonType type = reader.getCurrentBsonType();
        if (type == expected) {
            return true;
        }
        if (type == BsonType.NULL) {
            reader.readNull();
            return false;
        }
        throw EntityDecodingException.wrongType(entity, field, "a BSON " + expected, type);
    }

    private static void expect(BsonReader reader, BsonType type, String entity, String field) {
        if (reader.getCurrentBsonType() != type) {
            throw EntityDecodingException.wrongType(entity, field, "a BSON " + type, reader.getCurrentBsonType());
        }
    }

    public static boolean readBoolean(BsonReader reader, String entity, String field) {
        expect(reader, BsonType.BOOLEAN, entity, field);
        return reader.readBoolean();
    }

    public static Boolean readBooleanOrNull(BsonReader reader, String entity, String field) {
        return isNull(reader) ? null : readBoolean(reader, entity, field);
    }

    public static int readInt(BsonReader reader, String entity, String field) {
        // if, not switch: a switch on an enum from another class goes through a lookup array, on every field.
        BsonType type = reader.getCurrentBsonType();
        if (type == BsonType.INT32) {
            return reader.readInt32();
        }
        if (type == BsonType.INT64) {
            long value = reader.readInt64();
            if (value != (int) value) {
                throw new EntityDecodingException(entity, field, "the int64 " + value + " does not fit an int");
            }
            return (int) value;
        }
        if (type == BsonType.DOUBLE) {
            double value = reader.readDouble();
            if (value != (int) value) {
                throw new EntityDecodingException(entity, field, "the double " + value + " is not an int");
            }
            return (int) value;
        }
        if (type == BsonType.DECIMAL128) {
            Decimal128 value = reader.readDecimal128();
            try {
                return toBigDecimal(value).intValueExact();
            } catch (ArithmeticException e) {
                throw new EntityDecodingException(entity, field, "the decimal " + value + " is not an int", e);
            }
        }
        throw EntityDecodingException.wrongType(entity, field, "a number", type);
    }

    public static Integer readIntOrNull(BsonReader reader, String entity, String field) {
        return isNull(reader) ? null : readInt(reader, entity, field);
    }

    public static long readLong(BsonReader reader, String entity, String field) {
        BsonType type = reader.getCurrentBsonType();
        if (type == BsonType.INT64) {
            return reader.readInt64();
        }
        if (type == BsonType.INT32) {
            return reader.readInt32();
        }
        if (type == BsonType.DOUBLE) {
            double value = reader.readDouble();
            // (long) saturates at the ends of the range, so a value beyond them is caught by the comparison too.
            if (value != (long) value || value == 0x1p63) {
                throw new EntityDecodingException(entity, field, "the double " + value + " is not a long");
            }
            return (long) value;
        }
        if (type == BsonType.DECIMAL128) {
            Decimal128 value = reader.readDecimal128();
            try {
                return toBigDecimal(value).longValueExact();
            } catch (ArithmeticException e) {
                throw new EntityDecodingException(entity, field, "the decimal " + value + " is not a long", e);
            }
        }
        throw EntityDecodingException.wrongType(entity, field, "a number", type);
    }

    public static Long readLongOrNull(BsonReader reader, String entity, String field) {
        return isNull(reader) ? null : readLong(reader, entity, field);
    }

    public static double readDouble(BsonReader reader, String entity, String field) {
        BsonType type = reader.getCurrentBsonType();
        if (type == BsonType.DOUBLE) {
            return reader.readDouble();
        }
        if (type == BsonType.INT32) {
            return reader.readInt32();
        }
        if (type == BsonType.INT64) {
            long value = reader.readInt64();
            double converted = value;
            if ((long) converted != value || converted == 0x1p63) {
                throw new EntityDecodingException(entity, field, "the int64 " + value + " has no exact double");
            }
            return converted;
        }
        if (type == BsonType.DECIMAL128) {
            Decimal128 value = reader.readDecimal128();
            BigDecimal exact;
            try {
                exact = toBigDecimal(value);
            } catch (ArithmeticException e) {
                // NaN and the infinities have doubles of their own; negative zero too.
                return value.doubleValue();
            }
            double converted = exact.doubleValue();
            if (Double.isInfinite(converted) || new BigDecimal(converted).compareTo(exact) != 0) {
                throw new EntityDecodingException(entity, field, "the decimal " + value + " has no exact double");
            }
            return converted;
        }
        throw EntityDecodingException.wrongType(entity, field, "a number", type);
    }

    public static Double readDoubleOrNull(BsonReader reader, String entity, String field) {
        return isNull(reader) ? null : readDouble(reader, entity, field);
    }

    /** As the driver's {@code FloatCodec}: rounded to the nearest float, but a finite value beyond its range fails. */
    public static float readFloat(BsonReader reader, String entity, String field) {
        double value = readDouble(reader, entity, field);
        if (!Double.isInfinite(value) && (value < -Float.MAX_VALUE || value > Float.MAX_VALUE)) {
            throw new EntityDecodingException(entity, field, "the number " + value + " does not fit a float");
        }
        return (float) value;
    }

    public static Float readFloatOrNull(BsonReader reader, String entity, String field) {
        return isNull(reader) ? null : readFloat(reader, entity, field);
    }

    public static short readShort(BsonReader reader, String entity, String field) {
        int value = readInt(reader, entity, field);
        if (value != (short) value) {
            throw new EntityDecodingException(entity, field, "the number " + value + " does not fit a short");
        }
        return (short) value;
    }

    public static Short readShortOrNull(BsonReader reader, String entity, String field) {
        return isNull(reader) ? null : readShort(reader, entity, field);
    }

    public static byte readByte(BsonReader reader, String entity, String field) {
        int value = readInt(reader, entity, field);
        if (value != (byte) value) {
            throw new EntityDecodingException(entity, field, "the number " + value + " does not fit a byte");
        }
        return (byte) value;
    }

    public static Byte readByteOrNull(BsonReader reader, String entity, String field) {
        return isNull(reader) ? null : readByte(reader, entity, field);
    }

    public static char readChar(BsonReader reader, String entity, String field) {
        expect(reader, BsonType.STRING, entity, field);
        String value = reader.readString();
        if (value.length() != 1) {
            throw new EntityDecodingException(entity, field,
                    "expected a string of one character but found \"" + value + "\"");
        }
        return value.charAt(0);
    }

    public static Character readCharOrNull(BsonReader reader, String entity, String field) {
        return isNull(reader) ? null : readChar(reader, entity, field);
    }

    public static String readString(BsonReader reader, String entity, String field) {
        BsonType type = reader.getCurrentBsonType();
        if (type == BsonType.STRING) {
            return reader.readString();
        }
        if (type == BsonType.NULL) {
            reader.readNull();
            return null;
        }
        if (type == BsonType.SYMBOL) {
            return reader.readSymbol();
        }
        throw EntityDecodingException.wrongType(entity, field, "a BSON " + BsonType.STRING, type);
    }

    public static <E extends Enum<E>> E readEnum(BsonReader reader, Class<E> type, String entity, String field) {
        String name = readString(reader, entity, field);
        if (name == null) {
            return null;
        }
        try {
            return Enum.valueOf(type, name);
        } catch (IllegalArgumentException e) {
            throw new EntityDecodingException(entity, field,
                    "\"" + name + "\" is not a constant of " + type.getSimpleName(), e);
        }
    }

    public static Instant readInstant(BsonReader reader, String entity, String field) {
        if (!present(reader, BsonType.DATE_TIME, entity, field)) {
            return null;
        }
        return Instant.ofEpochMilli(reader.readDateTime());
    }

    public static Date readDate(BsonReader reader, String entity, String field) {
        if (!present(reader, BsonType.DATE_TIME, entity, field)) {
            return null;
        }
        return new Date(reader.readDateTime());
    }

    /** A {@code LocalDate} is stored as the date-time of its start in UTC, like the driver's codec. */
    public static LocalDate readLocalDate(BsonReader reader, String entity, String field) {
        Instant instant = readInstant(reader, entity, field);
        return instant == null ? null : LocalDate.ofInstant(instant, ZoneOffset.UTC);
    }

    /** A {@code LocalDateTime} is stored as the date-time it is in UTC, like the driver's codec. */
    public static LocalDateTime readLocalDateTime(BsonReader reader, String entity, String field) {
        Instant instant = readInstant(reader, entity, field);
        return instant == null ? null : LocalDateTime.ofInstant(instant, ZoneOffset.UTC);
    }

    public static BigDecimal readBigDecimal(BsonReader reader, String entity, String field) {
        if (!present(reader, BsonType.DECIMAL128, entity, field)) {
            return null;
        }
        Decimal128 value = reader.readDecimal128();
        try {
            return toBigDecimal(value);
        } catch (ArithmeticException e) {
            throw new EntityDecodingException(entity, field, "the decimal " + value + " has no BigDecimal value", e);
        }
    }

    /**
     * {@code value.bigDecimalValue()}, without its general path when the coefficient fits in 63 bits: the same
     * value, several times faster.
     *
     * @throws ArithmeticException as {@code bigDecimalValue()} does, for NaN, infinities and negative zero
     */
    public static BigDecimal toBigDecimal(Decimal128 value) {
        long high = value.getHigh();
        long low = value.getLow();
        // EncodeSupport's constants are compile-time constants: using them loads no class.
        if ((high & EncodeSupport.LARGE_COEFFICIENT_FORM) != EncodeSupport.LARGE_COEFFICIENT_FORM
                && (high & EncodeSupport.COEFFICIENT_HIGH_MASK) == 0 && low > 0) {
            int exponent = (int) ((high & ~EncodeSupport.SIGN_BIT) >>> EncodeSupport.EXPONENT_SHIFT)
                    - EncodeSupport.EXPONENT_BIAS;
            return BigDecimal.valueOf(high < 0 ? -low : low, -exponent);
        }
        return value.bigDecimalValue();
    }

    public static UUID readUuid(BsonReader reader, String entity, String field) {
        if (!present(reader, BsonType.BINARY, entity, field)) {
            return null;
        }
        BsonBinary binary = reader.readBinaryData();
        try {
            return Uuids.fromBinary(binary);
        } catch (IllegalArgumentException e) {
            throw new EntityDecodingException(entity, field, e.getMessage(), e);
        }
    }

    /** A UUID in its canonical string form. */
    public static String readUuidString(BsonReader reader, String entity, String field) {
        UUID uuid = readUuid(reader, entity, field);
        return uuid == null ? null : uuid.toString();
    }

    public static ObjectId readObjectId(BsonReader reader, String entity, String field) {
        if (!present(reader, BsonType.OBJECT_ID, entity, field)) {
            return null;
        }
        return reader.readObjectId();
    }

    /** An ObjectId as 24 lower-case hex digits. */
    public static String readObjectIdHex(BsonReader reader, String entity, String field) {
        ObjectId id = readObjectId(reader, entity, field);
        return id == null ? null : id.toHexString();
    }

    public static byte[] readBytes(BsonReader reader, String entity, String field) {
        if (!present(reader, BsonType.BINARY, entity, field)) {
            return null;
        }
        return reader.readBinaryData().getData();
    }

    /**
     * Reads an array of strings (a BSON null element as {@code null}) into {@code target} and returns it, or
     * returns null for a BSON null: the commonest container, shared by every codec rather than a helper repeated
     * in each (issue 9's build cost).
     *
     * @throws EntityDecodingException naming {@code entity.field} for a value that is neither an array nor null,
     *     or an element that is not a string or null
     */
    public static <C extends Collection<String>> C readStrings(BsonReader reader, C target, String entity,
            String field) {
        if (!startArray(reader, entity, field)) {
            return null;
        }
        while (reader.readBsonType() != BsonType.END_OF_DOCUMENT) {
            target.add(readString(reader, entity, field));
        }
        reader.readEndArray();
        return target;
    }

    /**
     * Starts reading an array: false (and the null consumed) for a BSON null, true (and the array started)
     * for an array.
     */
    public static boolean startArray(BsonReader reader, String entity, String field) {
        if (!present(reader, BsonType.ARRAY, entity, field)) {
            return false;
        }
        reader.readStartArray();
        return true;
    }

    /**
     * Starts reading a sub-document: false (and the null consumed) for a BSON null, true (and the document
     * started) for a document.
     */
    public static boolean startDocument(BsonReader reader, String entity, String field) {
        if (!present(reader, BsonType.DOCUMENT, entity, field)) {
            return false;
        }
        reader.readStartDocument();
        return true;
    }

    /**
     * Decodes the current value with {@code decoder} (null for a BSON null); a failure is reported with the
     * entity and field, the decoder's exception as its cause.
     */
    public static <T> T decode(Decoder<T> decoder, BsonReader reader, DecoderContext context, String entity,
            String field) {
        if (isNull(reader)) {
            return null;
        }
        BsonType found = reader.getCurrentBsonType();
        try {
            return context.decodeWithChildContext(decoder, reader);
        } catch (EntityDecodingException e) {
            throw e.within(entity, field);
        } catch (BSONException | IllegalArgumentException | IllegalStateException e) {
            throw new EntityDecodingException(entity, field,
                    "the " + found + " value does not decode: " + e.getMessage(), e);
        }
    }

    /**
     * Reads a value declared as {@code Object} as the driver's {@code Document} codec reads one: by its BSON
     * type (a sub-document as a {@code Document}, an array as a {@code List}, a UUID binary as a {@code UUID}).
     */
    public static Object readAny(BsonReader reader, CodecRegistry registry, DecoderContext context, String entity,
            String field) {
        BsonType type = reader.getCurrentBsonType();
        if (type == BsonType.NULL) {
            reader.readNull();
            return null;
        }
        Class<?> target;
        if (type == BsonType.BINARY && reader.peekBinarySize() == 16
                && BsonBinarySubType.isUuid(reader.peekBinarySubType())) {
            target = UUID.class;
        } else {
            target = ValueTypes.ANY.get(type);
        }
        return decode(registry.get(target), reader, context, entity, field);
    }

    /**
     * What {@code Object} values and extra elements are read with, made when the first one is read rather than
     * when a codec first reads anything: a static field of this class would cost every cold start.
     */
    private static final class ValueTypes {
        static final BsonTypeClassMap ANY = new BsonTypeClassMap();
        static final BsonValueCodec BSON_VALUES = new BsonValueCodec();
    }

    /**
     * Reads a sub-document whose class is named by its discriminator, as the driver's {@code PojoCodec} does: the
     * {@code key} field is looked up first, then the document is decoded with the codec of the class it names.
     *
     * @param classes the class of each discriminator value
     * @param whenAbsent the class of a document without the discriminator, or null if it must have one
     */
    public static Object readDiscriminated(BsonReader reader, CodecRegistry registry, DecoderContext context,
            String key, Map<String, Class<?>> classes, Class<?> whenAbsent, String entity, String field) {
        if (!present(reader, BsonType.DOCUMENT, entity, field)) {
            return null;
        }
        return decode(registry.get(discriminatedClass(reader, key, classes, whenAbsent, entity, field)), reader,
                context, entity, field);
    }

    /**
     * Decodes a whole document (the reader before its start, as a codec's {@code decode} receives it) with the
     * codec of the class its discriminator names: what a collection of an abstract {@code @BsonDiscriminator}
     * class, and a type argument of such a type, read their values with, as the driver's {@code PojoCodec} does.
     *
     * @param classes the class of each discriminator value
     * @param type the simple name of the declared type, for the error of a discriminator that names no class
     */
    public static Object decodeDiscriminated(BsonReader reader, CodecRegistry registry, DecoderContext context,
            String key, Map<String, Class<?>> classes, String type) {
        return registry.get(discriminatedClass(reader, key, classes, null, type, key)).decode(reader, context);
    }

    /** The class the discriminator of the document at the reader names; the reader is left where it was. */
    private static Class<?> discriminatedClass(BsonReader reader, String key, Map<String, Class<?>> classes,
            Class<?> whenAbsent, String entity, String field) {
        BsonReaderMark mark = reader.getMark();
        String value = null;
        reader.readStartDocument();
        while (reader.readBsonType() != BsonType.END_OF_DOCUMENT) {
            if (reader.readName().equals(key) && reader.getCurrentBsonType() == BsonType.STRING) {
                value = reader.readString();
                break;
            }
            reader.skipValue();
        }
        mark.reset();
        Class<?> type = value == null ? whenAbsent : classes.get(value);
        if (type == null) {
            throw new EntityDecodingException(entity, field, value == null
                    ? "the document has no discriminator '" + key + "' to name its class among " + classes.keySet()
                    : "the discriminator \"" + value + "\" names none of the classes " + classes.keySet());
        }
        return type;
    }

    /**
     * Adds the current field, which no property of the entity reads, to a {@code @BsonExtraElements}
     * {@code Document} (created for the first one), its value read as the driver's {@code Document} codec reads
     * it; returns the document.
     */
    public static org.bson.Document extraDocument(org.bson.Document extra, String name, BsonReader reader,
            CodecRegistry registry, DecoderContext context, String entity) {
        org.bson.Document elements = extra == null ? new org.bson.Document() : extra;
        elements.put(name, readAny(reader, registry, context, entity, name));
        return elements;
    }

    /**
     * As {@link #extraDocument}, for a property of any {@code Map<String, V>}: {@code extra} is the map so far
     * (the generated code creates it for the first field). The value is put as the driver's {@code Document}
     * codec reads it, whatever {@code V} says, as the driver's PojoCodec puts it.
     */
    @SuppressWarnings("unchecked")
    public static <M extends Map<String, ?>> M extraMap(M extra, String name, BsonReader reader,
            CodecRegistry registry, DecoderContext context, String entity) {
        ((Map<String, Object>) extra).put(name, readAny(reader, registry, context, entity, name));
        return extra;
    }

    /** As {@link #extraDocument}, for a {@code BsonDocument} property: the value as a {@code BsonValue}. */
    public static BsonDocument extraBsonDocument(BsonDocument extra, String name, BsonReader reader,
            CodecRegistry registry, DecoderContext context, String entity) {
        BsonDocument elements = extra == null ? new BsonDocument() : extra;
        elements.put(name, context.decodeWithChildContext(ValueTypes.BSON_VALUES, reader));
        return elements;
    }

    /**
     * The exception for a field that a constructor needs and the document lacks: an
     * {@link EntityDecodingException}, declared as a {@code RuntimeException} like {@link #withDocumentId}.
     */
    public static RuntimeException missing(String entity, String field, String bsonName) {
        return new EntityDecodingException(entity, field,
                "the document has no '" + bsonName + "', and the constructor needs a value");
    }

    /**
     * The exception for a primitive parameter of a {@code @BsonCreator} that the document has no value for, naming
     * every parameter it lacks, as the driver does.
     *
     * @param field the Java name of the primitive parameter's property
     * @param parameters the stored names of the creator's parameters, in its order
     * @param present whether the document had a value for each
     */
    public static RuntimeException missing(String entity, String field, String[] parameters, boolean[] present) {
        StringBuilder absent = new StringBuilder();
        for (int i = 0; i < parameters.length; i++) {
            if (!present[i]) {
                absent.append(absent.length() == 0 ? "'" : ", '").append(parameters[i]).append('\'');
            }
        }
        return new EntityDecodingException(entity, field, "the document has no " + absent
                + ", and the creator cannot take a missing primitive");
    }

    /**
     * The exception for a property that Kotlin declares non-null and the document has no value for (the field is
     * missing or {@code null}): an {@link EntityDecodingException} naming the property, instead of the
     * {@code NullPointerException} Kotlin's constructor or setter would throw; declared as a
     * {@code RuntimeException} like {@link #withDocumentId}.
     */
    public static RuntimeException notNullable(String entity, String field, String bsonName) {
        return new EntityDecodingException(entity, field, "the document has no value for '" + bsonName
                + "' (it is missing or null), and the Kotlin property is not nullable");
    }

    /**
     * What a generated {@code decode} rethrows when reading a document failed: an {@link EntityDecodingException}
     * named with the document's {@code _id} ({@link EntityDecodingException#withDocumentId}), any other exception
     * as it is. Generated code catches {@code RuntimeException} and throws what this returns, naming no exception
     * class of keysmith's: the JVM loads every class a method catches or throws as its declared type when it
     * verifies the codec, and a codec is verified before it encodes its first document.
     */
    public static RuntimeException withDocumentId(RuntimeException failure, Object id) {
        return failure instanceof EntityDecodingException decoding ? decoding.withDocumentId(id) : failure;
    }

    /** The exception for an id of the wrong Java type given to {@code idToBson}. */
    public static IllegalArgumentException wrongIdType(String entity, String expected, Object id) {
        return new IllegalArgumentException("The id of " + entity + " is " + expected + ", not "
                + (id == null ? "null" : id.getClass().getName() + " " + id));
    }
}
