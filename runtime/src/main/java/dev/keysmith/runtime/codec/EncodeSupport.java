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
import org.bson.BsonBinary;
import org.bson.BsonWriter;
import org.bson.codecs.Encoder;
import org.bson.codecs.EncoderContext;
import org.bson.codecs.configuration.CodecRegistry;
import org.bson.types.Decimal128;
import org.bson.types.ObjectId;

/**
 * The conversions and writes of generated codecs' encoding side. They are kept apart from {@link CodecSupport},
 * the larger class of checked reads, so that the first document an application encodes loads and verifies only
 * this small class: in a fresh JVM each class costs its loading and bytecode verification, and encoding never
 * needs the reads (docs/decisions-runtime.md, "Cold start").
 *
 * <p>The {@code write} methods that take a field name write a property that is not null and leave a null one out,
 * as the driver's POJO codec does: one call per property in every codec instead of the same test and write
 * repeated in each (less generated code for javac to compile; the JIT inlines them, so encoding is as fast).
 *
 * <p>Called by generated code only; not part of the API applications use. Thread-safe (stateless).
 */
public final class EncodeSupport {

    private EncodeSupport() {
    }

    // IEEE 754-2008 decimal128, binary integer decimal encoding, as BSON stores it: the sign bit, a 14-bit
    // biased exponent and a 113-bit coefficient when the two bits after the sign are not both set. Compile-time
    // constants, so that CodecSupport's reverse conversion uses them without loading this class.
    static final long SIGN_BIT = 1L << 63;
    static final long LARGE_COEFFICIENT_FORM = 3L << 61;
    static final int EXPONENT_SHIFT = 49;
    static final int EXPONENT_BIAS = 6176;
    static final int MAX_EXPONENT = 6111;
    static final long COEFFICIENT_HIGH_MASK = (1L << EXPONENT_SHIFT) - 1;
    /** The most digits the fast path takes: every unscaled value of 18 digits fits in 63 bits. */
    private static final int FAST_PRECISION = 18;

    /**
     * {@code new Decimal128(value)}, without its general 113-bit path when the unscaled value has at most 18
     * digits (any amount of money does): the same bits, several times faster. Everything else, including every
     * value decimal128 cannot hold exactly, goes to the driver's conversion and its errors.
     *
     * @throws IllegalArgumentException as {@code new Decimal128(value)} does, for a value decimal128 cannot hold
     *     (a {@link NumberFormatException} where it would have to round, its own for an exponent out of range)
     */
    public static Decimal128 toDecimal128(BigDecimal value) {
        long exponent = -(long) value.scale();
        if (exponent >= -EXPONENT_BIAS && exponent <= MAX_EXPONENT && value.precision() <= FAST_PRECISION) {
            // The unscaled value without unscaledValue(), which makes a BigInteger and its array on every call:
            // moving the point by the scale keeps the digits, and a scale-0 BigDecimal's longValue() is its field.
            long unscaled = value.movePointRight(value.scale()).longValue();
            long high = (unscaled < 0 ? SIGN_BIT : 0) | (exponent + EXPONENT_BIAS) << EXPONENT_SHIFT;
            return Decimal128.fromIEEE754BIDEncoding(high, Math.abs(unscaled));
        }
        return new Decimal128(value);
    }

    /** A {@code LocalDate} is stored as the date-time of its start in UTC, like the driver's codec. */
    public static long toEpochMilli(LocalDate date) {
        return date.atStartOfDay(ZoneOffset.UTC).toInstant().toEpochMilli();
    }

    /** A {@code LocalDateTime} is stored as the date-time it is in UTC, like the driver's codec. */
    public static long toEpochMilli(LocalDateTime dateTime) {
        return dateTime.toInstant(ZoneOffset.UTC).toEpochMilli();
    }

    /** Writes a value declared as {@code Object} with the codec the registry has for its class. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public static void writeAny(BsonWriter writer, Object value, CodecRegistry registry, EncoderContext context) {
        if (value == null) {
            writer.writeNull();
            return;
        }
        Encoder encoder = registry.get(value.getClass());
        context.encodeWithChildContext(encoder, writer, value);
    }

    /**
     * Writes a whole value (not null) with the codec the registry has for its class, as the driver's
     * {@code PojoCodec} of an abstract class or interface does: what a collection of an abstract
     * {@code @BsonDiscriminator} class, and a type argument of such a type, write their values with.
     */
    @SuppressWarnings("unchecked")
    public static void encodeAsItsClass(BsonWriter writer, Object value, CodecRegistry registry,
            EncoderContext context) {
        ((Encoder<Object>) registry.get(value.getClass())).encode(writer, value, context);
    }

    /**
     * Writes the fields a {@code @BsonExtraElements} property collected back into the document, in its order and
     * where the property is, as the driver does; each value with the codec of its class.
     */
    public static void writeExtraElements(BsonWriter writer, Map<String, ?> extra, CodecRegistry registry,
            EncoderContext context) {
        for (Map.Entry<String, ?> element : extra.entrySet()) {
            writer.writeName(element.getKey());
            writeAny(writer, element.getValue(), registry, context);
        }
    }

    /**
     * Parses the 24 hex digits of a {@code String} ObjectId id.
     *
     * @throws IllegalArgumentException naming the entity and the value if it is not 24 hex digits
     */
    public static ObjectId parseObjectIdHex(String hex, String entity) {
        if (hex == null || !ObjectId.isValid(hex)) {
            throw new IllegalArgumentException("The id of " + entity + " must be 24 hex digits (an ObjectId), not "
                    + (hex == null ? "null" : "\"" + hex + "\""));
        }
        return new ObjectId(hex);
    }

    /**
     * Parses the canonical form of a {@code String} UUID id.
     *
     * @throws IllegalArgumentException naming the entity and the value if it is not a UUID
     */
    public static UUID parseUuid(String text, String entity) {
        try {
            return UUID.fromString(text);
        } catch (IllegalArgumentException | NullPointerException e) {
            throw new IllegalArgumentException("The id of " + entity + " must be a UUID such as "
                    + "\"123e4567-e89b-12d3-a456-426614174000\", not " + (text == null ? "null" : "\"" + text + "\""), e);
        }
    }

    /**
     * Writes {@code values} as an array of strings (a {@code null} element as BSON null): the commonest container,
     * shared by every codec rather than a helper repeated in each (issue 9's build cost).
     */
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

    /** Writes {@code values} as the field {@code name} (see {@link #writeStrings(BsonWriter, Collection)}) unless null. */
    public static void writeStrings(BsonWriter writer, String name, Collection<String> values) {
        if (values != null) {
            writer.writeName(name);
            writeStrings(writer, values);
        }
    }

    /** Writes {@code value} as the field {@code name} with {@code encoder}, unless null. */
    public static <T> void write(BsonWriter writer, String name, Encoder<T> encoder, T value,
            EncoderContext context) {
        if (value != null) {
            writer.writeName(name);
            context.encodeWithChildContext(encoder, writer, value);
        }
    }

    /** Writes a string field unless null. */
    public static void writeString(BsonWriter writer, String name, String value) {
        if (value != null) {
            writer.writeString(name, value);
        }
    }

    /** Writes a {@code String} holding an ObjectId as an ObjectId field, unless null; see {@link #parseObjectIdHex}. */
    public static void writeObjectIdHex(BsonWriter writer, String name, String value, String entity) {
        if (value != null) {
            writer.writeObjectId(name, parseObjectIdHex(value, entity));
        }
    }

    /** Writes a {@code String} holding a UUID as a binary subtype 4 field, unless null; see {@link #parseUuid}. */
    public static void writeUuidString(BsonWriter writer, String name, String value, String entity) {
        if (value != null) {
            writer.writeBinaryData(name, Uuids.toBinary(parseUuid(value, entity)));
        }
    }

    /** Writes an enum by its name, unless null. */
    public static void writeEnum(BsonWriter writer, String name, Enum<?> value) {
        if (value != null) {
            writer.writeString(name, value.name());
        }
    }

    /** Writes an {@code Instant} as a date-time field, unless null. */
    public static void writeInstant(BsonWriter writer, String name, Instant value) {
        if (value != null) {
            writer.writeDateTime(name, value.toEpochMilli());
        }
    }

    /** Writes a {@code Date} as a date-time field, unless null. */
    public static void writeDate(BsonWriter writer, String name, Date value) {
        if (value != null) {
            writer.writeDateTime(name, value.getTime());
        }
    }

    /** Writes a {@code LocalDate} as a date-time field (see {@link #toEpochMilli(LocalDate)}), unless null. */
    public static void writeLocalDate(BsonWriter writer, String name, LocalDate value) {
        if (value != null) {
            writer.writeDateTime(name, toEpochMilli(value));
        }
    }

    /** Writes a {@code LocalDateTime} as a date-time field (see {@link #toEpochMilli(LocalDateTime)}), unless null. */
    public static void writeLocalDateTime(BsonWriter writer, String name, LocalDateTime value) {
        if (value != null) {
            writer.writeDateTime(name, toEpochMilli(value));
        }
    }

    /** Writes a {@code BigDecimal} as a decimal128 field (see {@link #toDecimal128}), unless null. */
    public static void writeDecimal(BsonWriter writer, String name, BigDecimal value) {
        if (value != null) {
            writer.writeDecimal128(name, toDecimal128(value));
        }
    }

    /** Writes a {@code UUID} as a binary subtype 4 field, unless null. */
    public static void writeUuid(BsonWriter writer, String name, UUID value) {
        if (value != null) {
            writer.writeBinaryData(name, Uuids.toBinary(value));
        }
    }

    /** Writes an ObjectId field unless null. */
    public static void writeObjectId(BsonWriter writer, String name, ObjectId value) {
        if (value != null) {
            writer.writeObjectId(name, value);
        }
    }

    /** Writes a {@code byte[]} as a binary field, unless null. */
    public static void writeBytes(BsonWriter writer, String name, byte[] value) {
        if (value != null) {
            writer.writeBinaryData(name, new BsonBinary(value));
        }
    }

    /** Writes an {@code Integer} as an int32 field, unless null. */
    public static void writeInt32(BsonWriter writer, String name, Integer value) {
        if (value != null) {
            writer.writeInt32(name, value);
        }
    }

    /** Writes a {@code Long} as an int64 field, unless null. */
    public static void writeInt64(BsonWriter writer, String name, Long value) {
        if (value != null) {
            writer.writeInt64(name, value);
        }
    }

    /** Writes a {@code Double} as a double field, unless null. */
    public static void writeDouble(BsonWriter writer, String name, Double value) {
        if (value != null) {
            writer.writeDouble(name, value);
        }
    }

    /** Writes a {@code Boolean} as a boolean field, unless null. */
    public static void writeBoolean(BsonWriter writer, String name, Boolean value) {
        if (value != null) {
            writer.writeBoolean(name, value);
        }
    }
}
