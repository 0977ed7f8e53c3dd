package dev.keysmith.runtime.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.util.function.Function;
import org.bson.BsonDecimal128;
import org.bson.BsonDocument;
import org.bson.BsonDocumentReader;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonReader;
import org.bson.BsonValue;
import org.bson.types.Decimal128;
import org.junit.jupiter.api.Test;

/** The numbers existing documents hold: the lossless conversions the driver makes, and the lossy ones refused. */
class CodecSupportNumbersTest {

    @Test
    void intFromEveryNumericTypeWhenLossless() {
        assertThat(read(new BsonInt32(7), r -> CodecSupport.readInt(r, "Film", "year"))).isEqualTo(7);
        assertThat(read(new BsonInt64(1903), r -> CodecSupport.readInt(r, "Film", "year"))).isEqualTo(1903);
        assertThat(read(new BsonDouble(1903.0), r -> CodecSupport.readInt(r, "Film", "year"))).isEqualTo(1903);
        assertThat(read(decimal("1903"), r -> CodecSupport.readInt(r, "Film", "year"))).isEqualTo(1903);
        assertThat(read(decimal("1903.00"), r -> CodecSupport.readInt(r, "Film", "year"))).isEqualTo(1903);
    }

    @Test
    void intRefusesWhatItCannotHold() {
        assertRefused(new BsonDouble(2.5), r -> CodecSupport.readInt(r, "Film", "year"),
                "Cannot decode Film.year: the double 2.5 is not an int");
        assertRefused(new BsonDouble(2147483648.0), r -> CodecSupport.readInt(r, "Film", "year"),
                "the double 2.147483648E9 is not an int");
        assertRefused(new BsonInt64(1L << 40), r -> CodecSupport.readInt(r, "Film", "year"),
                "the int64 1099511627776 does not fit an int");
        assertRefused(decimal("1.5"), r -> CodecSupport.readInt(r, "Film", "year"), "the decimal 1.5 is not an int");
        assertRefused(new BsonDouble(Double.NaN), r -> CodecSupport.readInt(r, "Film", "year"), "is not an int");
    }

    @Test
    void longFromEveryNumericTypeWhenLossless() {
        assertThat(read(decimal("9007199254740993"), r -> CodecSupport.readLong(r, "Sale", "units")))
                .isEqualTo(9007199254740993L);
        assertThat(read(new BsonDouble(-4.0), r -> CodecSupport.readLong(r, "Sale", "units"))).isEqualTo(-4L);
        assertThat(read(new BsonInt32(-4), r -> CodecSupport.readLong(r, "Sale", "units"))).isEqualTo(-4L);
        assertThat(read(new BsonDouble(-0x1p63), r -> CodecSupport.readLong(r, "Sale", "units")))
                .isEqualTo(Long.MIN_VALUE);
    }

    @Test
    void longRefusesWhatItCannotHold() {
        assertRefused(new BsonDouble(0x1p63), r -> CodecSupport.readLong(r, "Sale", "units"),
                "the double 9.223372036854776E18 is not a long");
        assertRefused(decimal("12.5"), r -> CodecSupport.readLong(r, "Sale", "units"), "the decimal 12.5 is not a long");
        assertRefused(decimal("1E+30"), r -> CodecSupport.readLong(r, "Sale", "units"), "is not a long");
    }

    @Test
    void doubleFromIntegersAndExactDecimals() {
        assertThat(read(new BsonInt32(3), r -> CodecSupport.readDouble(r, "Listing", "price"))).isEqualTo(3.0);
        assertThat(read(new BsonInt64(1L << 53), r -> CodecSupport.readDouble(r, "Listing", "price")))
                .isEqualTo(0x1p53);
        assertThat(read(decimal("2.5"), r -> CodecSupport.readDouble(r, "Listing", "price"))).isEqualTo(2.5);
    }

    @Test
    void doubleRefusesWhatItWouldRound() {
        assertRefused(new BsonInt64((1L << 53) + 1), r -> CodecSupport.readDouble(r, "Listing", "price"),
                "the int64 9007199254740993 has no exact double");
        assertRefused(new BsonInt64(Long.MAX_VALUE), r -> CodecSupport.readDouble(r, "Listing", "price"),
                "has no exact double");
        assertRefused(decimal("0.1"), r -> CodecSupport.readDouble(r, "Listing", "price"),
                "the decimal 0.1 has no exact double");
    }

    @Test
    void floatIsRoundedButNeverOverflowsToInfinity() {
        assertThat(read(new BsonDouble(0.1), r -> CodecSupport.readFloat(r, "Listing", "rating"))).isEqualTo(0.1f);
        assertThat(read(new BsonDouble(Double.POSITIVE_INFINITY), r -> CodecSupport.readFloat(r, "Listing", "rating")))
                .isEqualTo(Float.POSITIVE_INFINITY);
        assertRefused(new BsonDouble(1e300), r -> CodecSupport.readFloat(r, "Listing", "rating"),
                "Cannot decode Listing.rating: the number 1.0E300 does not fit a float");
    }

    @Test
    void aStringIsNoNumber() {
        assertRefused(new org.bson.BsonString("7"), r -> CodecSupport.readInt(r, "Film", "year"),
                "expected a number but found STRING");
    }

    private static BsonDecimal128 decimal(String value) {
        return new BsonDecimal128(new Decimal128(new BigDecimal(value)));
    }

    private static Object read(BsonValue value, Function<BsonReader, ?> read) {
        BsonDocumentReader reader = new BsonDocumentReader(new BsonDocument("v", value));
        reader.readStartDocument();
        reader.readBsonType();
        reader.readName();
        return read.apply(reader);
    }

    private static void assertRefused(BsonValue value, Function<BsonReader, ?> read, String message) {
        assertThatThrownBy(() -> read(value, read)).isInstanceOf(EntityDecodingException.class)
                .hasMessageContaining(message);
    }
}
