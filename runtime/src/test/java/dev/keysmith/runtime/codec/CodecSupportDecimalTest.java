package dev.keysmith.runtime.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keysmith.runtime.testing.BsonCorpus;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import org.bson.types.Decimal128;
import org.junit.jupiter.api.Test;

/**
 * The generated codecs' fast BigDecimal/Decimal128 conversions give exactly what the driver's own conversions
 * give, bit for bit and value for value, on the edges of the fast path, beyond it, and on the BSON corpus.
 */
class CodecSupportDecimalTest {

    private static List<BigDecimal> decimals() {
        List<BigDecimal> values = new ArrayList<>();
        for (String text : List.of("0", "0.00", "-0.00", "1", "-1", "43.33", "-43.33", "0.000001", "1E+10",
                "123456789012345678", "-123456789012345678", "999999999999999999", "1000000000000000000",
                "9223372036854775807", "-9223372036854775808", "12345678901234567890123456789012.34",
                "1E+6111", "1E-6176", "1E+6112", "0E-6176", "3.14159265358979323846264338327950",
                // the fast path's edges: 18 digits in, 19 digits (even those that fit a long) to the driver
                "-999999999999999999", "0.999999999999999999", "1000000000000000000E-6176", "999999999999999999E+6111",
                "999999999999999999E+6112", "1E-6177", "5E-6177", "-1E-6177", "0E+6111", "0E+6112", "-0E-6176",
                "1E+6144", "1E+6145", "123E-6178", "1000000000000000000E+6111", "9223372036854775807E-5",
                // the precision-34 boundary of decimal128 itself, and beyond it (rounded or refused by the driver)
                "9999999999999999999999999999999999", "99999999999999999999999999999999999",
                "1234567890123456789012345678901234E-6176", "12345678901234567890123456789012345E-6176",
                "1000000000000000000000000000000000E+6111", "1000000000000000000000000000000000E+6112")) {
            values.add(new BigDecimal(text));
        }
        SplittableRandom random = new SplittableRandom(42);
        for (int i = 0; i < 20_000; i++) {
            BigInteger unscaled = new BigInteger(random.nextInt(1, 120), new java.util.Random(random.nextLong()));
            values.add(new BigDecimal(random.nextBoolean() ? unscaled : unscaled.negate(), random.nextInt(-40, 40)));
        }
        return values;
    }

    @Test
    void toDecimal128GivesTheDriversBits() {
        for (BigDecimal value : decimals()) {
            Decimal128 expected;
            try {
                expected = new Decimal128(value);
            } catch (IllegalArgumentException e) {
                // the driver's own error (inexact rounding, or an exponent out of range), of the same class
                assertThatThrownBy(() -> EncodeSupport.toDecimal128(value)).as("%s", value)
                        .isExactlyInstanceOf(e.getClass()).hasMessage(e.getMessage());
                continue;
            }
            Decimal128 actual = EncodeSupport.toDecimal128(value);
            assertThat(actual.getHigh()).as("high bits of %s", value).isEqualTo(expected.getHigh());
            assertThat(actual.getLow()).as("low bits of %s", value).isEqualTo(expected.getLow());
        }
    }

    @Test
    void toBigDecimalGivesTheDriversValueWithItsScale() {
        for (BigDecimal value : decimals()) {
            Decimal128 decimal;
            try {
                decimal = new Decimal128(value);
            } catch (IllegalArgumentException e) {
                continue;
            }
            BigDecimal expected = decimal.bigDecimalValue();
            BigDecimal actual = CodecSupport.toBigDecimal(decimal);
            assertThat(actual).as("%s", decimal).isEqualTo(expected); // equals compares the scale too
        }
    }

    @Test
    void toBigDecimalAgreesWithTheDriverOnTheBsonCorpus() {
        BsonDocument corpus = BsonCorpus.load("decimal128-1.json");
        int checked = 0;
        for (BsonValue test : corpus.getArray("valid")) {
            String json = test.asDocument().getString("canonical_extjson").getValue();
            Decimal128 decimal = BsonDocument.parse(json).getDecimal128("d").getValue();
            if (decimal.isNaN() || decimal.isInfinite() || decimal.isNegative() && decimal.getLow() == 0
                    && (decimal.getHigh() & ((1L << 49) - 1)) == 0) {
                assertThatThrownBy(() -> CodecSupport.toBigDecimal(decimal)).as(json)
                        .isInstanceOf(ArithmeticException.class);
            } else {
                assertThat(CodecSupport.toBigDecimal(decimal)).as(json).isEqualTo(decimal.bigDecimalValue());
            }
            checked++;
        }
        assertThat(checked).isEqualTo(corpus.getArray("valid").size());
    }
}
