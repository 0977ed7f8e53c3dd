package dev.keysmith.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import dev.keysmith.runtime.testing.BsonCorpus;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import org.bson.RawBsonDocument;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

class ObjectIdsTest {

    private static final Pattern OID_IN_EXTJSON = Pattern.compile("\"\\$oid\"\\s*:\\s*\"([0-9a-fA-F]*)\"");

    static List<BsonValue> validCorpusCases() {
        return BsonCorpus.load("oid.json").getArray("valid").getValues();
    }

    @ParameterizedTest
    @MethodSource("validCorpusCases")
    void parsesAndFormatsTheCorpusObjectIds(BsonValue testCase) {
        BsonDocument corpus = testCase.asDocument();
        Matcher oid = OID_IN_EXTJSON.matcher(corpus.getString("canonical_extjson").getValue());
        assertThat(oid.find()).isTrue();
        String hex = oid.group(1);
        byte[] canonicalBson = HexFormat.of().parseHex(corpus.getString("canonical_bson").getValue());
        ObjectId decoded = new RawBsonDocument(canonicalBson).getObjectId("a").getValue();

        ObjectId parsed = ObjectIds.parse(hex);

        assertThat(parsed).isEqualTo(decoded);
        assertThat(ObjectIds.toHex(decoded)).isEqualTo(hex);
        assertThat(ObjectIds.parse(hex.toUpperCase())).isEqualTo(decoded);
    }

    @ParameterizedTest
    @CsvSource({"0, 1970-01-01T00:00:00Z", "2147483647, 2038-01-19T03:14:07Z",
            "2147483648, 2038-01-19T03:14:08Z", "4294967295, 2106-02-07T06:28:15Z"})
    void readsTheTimestampAsUnsignedSeconds(long seconds, String expected) {
        byte[] bytes = ByteBuffer.allocate(12).putInt((int) seconds).putLong(0x1234_5678_9ABC_DEF0L).array();

        assertThat(ObjectIds.creationTime(new ObjectId(bytes))).isEqualTo(Instant.parse(expected));
    }

    @Test
    void boundsOfAnInstantEncloseEveryIdOfItsSecond() {
        Instant instant = Instant.parse("2038-01-19T03:14:08.750Z");

        ObjectId smallest = ObjectIds.smallestAt(instant);
        ObjectId largest = ObjectIds.largestAt(instant);

        assertThat(smallest.toHexString()).isEqualTo("800000000000000000000000");
        assertThat(largest.toHexString()).isEqualTo("80000000ffffffffffffffff");
        ObjectId generated = ObjectIdGenerator.create(java.time.Clock.fixed(instant, java.time.ZoneOffset.UTC),
                new java.security.SecureRandom()).next();
        assertThat(generated).isBetween(smallest, largest);
        assertThat(ObjectIds.largestAt(instant.minusSeconds(1))).isLessThan(smallest);
        assertThat(ObjectIds.smallestAt(instant.plusSeconds(1))).isGreaterThan(largest);
    }

    @Test
    void boundsRefuseAnInstantOutsideTheFourByteTimestamp() {
        assertThatIllegalArgumentException().isThrownBy(() -> ObjectIds.smallestAt(Instant.ofEpochSecond(-1)))
                .withMessageContaining("1969-12-31T23:59:59Z");
        assertThatIllegalArgumentException().isThrownBy(() -> ObjectIds.largestAt(Instant.ofEpochSecond(1L << 32)))
                .withMessageContaining("2106-02-07T06:28:16Z");
    }

    @Test
    void parseNamesAWrongLength() {
        String short23 = "56e1fc72e0c917e9c471416";
        String long25 = "56e1fc72e0c917e9c47141610";

        assertThatIllegalArgumentException().isThrownBy(() -> ObjectIds.parse(short23))
                .withMessageContaining("'" + short23 + "'").withMessageContaining("23 characters")
                .withMessageContaining("24 hex digits");
        assertThatIllegalArgumentException().isThrownBy(() -> ObjectIds.parse(long25))
                .withMessageContaining("'" + long25 + "'").withMessageContaining("25 characters");
    }

    @Test
    void parseNamesANonHexCharacterAndWhereItIs() {
        String withG = "56e1fc72e0c917e9g4714161";

        assertThatIllegalArgumentException().isThrownBy(() -> ObjectIds.parse(withG))
                .withMessageContaining("'" + withG + "'").withMessageContaining("'g' at index 16");
    }

    @Test
    void parseRefusesNull() {
        assertThatIllegalArgumentException().isThrownBy(() -> ObjectIds.parse(null))
                .withMessageContaining("null").withMessageContaining("24 hex digits");
    }
}
