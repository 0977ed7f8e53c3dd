package dev.keysmith.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import dev.keysmith.runtime.testing.BsonCorpus;
import dev.keysmith.runtime.testing.Concurrently;
import dev.keysmith.runtime.testing.SettableClock;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.Arrays;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.Set;
import java.util.UUID;
import org.bson.BsonBinary;
import org.bson.BsonBinarySubType;
import org.bson.BsonDocument;
import org.bson.RawBsonDocument;
import org.junit.jupiter.api.Test;

class UuidGeneratorTest {

    @Test
    void randomUuidsAreVersion4WithTheRfcVariant() {
        UuidGenerator generator = UuidGenerator.random();
        Set<UUID> seen = new HashSet<>();
        for (int i = 0; i < 1000; i++) {
            UUID uuid = generator.next();
            assertThat(uuid.version()).isEqualTo(4);
            assertThat(uuid.variant()).isEqualTo(2);
            seen.add(uuid);
        }
        assertThat(seen).hasSize(1000);
    }

    @Test
    void timeOrderedUuidsAreVersion7WithTheRfcVariantAndTheClocksMillisecond() {
        Instant now = Instant.parse("2026-11-21T12:34:56.789Z");
        UUID uuid = UuidGenerator.timeOrdered(new SettableClock(now), new SecureRandom()).next();

        assertThat(uuid.version()).isEqualTo(7);
        assertThat(uuid.variant()).isEqualTo(2);
        assertThat(uuid.getMostSignificantBits() >>> 16).isEqualTo(now.toEpochMilli());
        assertThat(Uuids.creationTime(uuid)).isEqualTo(now);
    }

    @Test
    void aMillionIdsFromTwoOverlappingThreadsAreDistinctIncreasingAndInsideTheWallClockWindow() throws Exception {
        UuidGenerator generator = UuidGenerator.timeOrdered();
        int perThread = 500_000;
        UUID[][] taken = new UUID[2][perThread];

        long before = System.currentTimeMillis();
        Concurrently.run(2, thread -> {
            for (int i = 0; i < perThread; i++) {
                taken[thread][i] = generator.next();
            }
        });
        long after = System.currentTimeMillis();

        UUID[] all = new UUID[2 * perThread];
        for (int thread = 0; thread < 2; thread++) {
            for (int i = 0; i < perThread; i++) {
                UUID uuid = taken[thread][i];
                if (i > 0 && compareUnsigned(uuid, taken[thread][i - 1]) <= 0) {
                    assertThat(uuid).as("thread %d, id %d", thread, i).isGreaterThan(taken[thread][i - 1]);
                }
                long millis = uuid.getMostSignificantBits() >>> 16;
                if (millis < before || millis > after || uuid.version() != 7 || uuid.variant() != 2) {
                    assertThat(uuid.version()).isEqualTo(7);
                    assertThat(uuid.variant()).isEqualTo(2);
                    assertThat(millis).isBetween(before, after);
                }
                all[thread * perThread + i] = uuid;
            }
        }
        Arrays.sort(all, UuidGeneratorTest::compareUnsigned);
        for (int i = 1; i < all.length; i++) {
            if (all[i].equals(all[i - 1])) {
                assertThat(all[i]).as("taken twice").isNotEqualTo(all[i - 1]);
            }
        }
    }

    @Test
    void theJvmWideGeneratorIsShared() {
        assertThat(UuidGenerator.timeOrdered()).isSameAs(UuidGenerator.timeOrdered());
    }

    @Test
    void idsKeepIncreasingWhenTheClockStepsBack() {
        Instant now = Instant.parse("2026-11-21T12:00:00Z");
        SettableClock clock = new SettableClock(now);
        UuidGenerator generator = UuidGenerator.timeOrdered(clock, new SecureRandom());

        UUID beforeStep = generator.next();
        clock.set(now.minusSeconds(10));
        UUID afterStep = generator.next();
        UUID stillBehind = generator.next();
        clock.set(now.plusMillis(1));
        UUID caughtUp = generator.next();

        assertThat(compareUnsigned(afterStep, beforeStep)).isPositive();
        assertThat(compareUnsigned(stillBehind, afterStep)).isPositive();
        assertThat(compareUnsigned(caughtUp, stillBehind)).isPositive();
        assertThat(Uuids.creationTime(afterStep)).isEqualTo(now);
        assertThat(Uuids.creationTime(caughtUp)).isEqualTo(now.plusMillis(1));
    }

    @Test
    void aFrozenClockStillGivesIncreasingIdsPastTheCounterRange() {
        Instant now = Instant.parse("2026-11-21T12:00:00Z");
        UuidGenerator generator = UuidGenerator.timeOrdered(new SettableClock(now), new SecureRandom());

        UUID previous = generator.next();
        for (int i = 0; i < 200_000; i++) {
            UUID next = generator.next();
            if (compareUnsigned(next, previous) <= 0) {
                assertThat(next).as("id %d", i).isGreaterThan(previous);
            }
            assertThat(next.version()).isEqualTo(7);
            previous = next;
        }
        // 200,000 ids need more than one millisecond's counter: the timestamp runs ahead rather than repeat
        assertThat(Uuids.creationTime(previous)).isAfter(now);
    }

    @Test
    void convertsToAndFromBsonBinarySubtype4AsTheCorpusHasIt() {
        BsonDocument corpusCase = BsonCorpus.load("binary.json").getArray("valid").getValues().stream()
                .map(value -> value.asDocument())
                .filter(value -> value.getString("description").getValue().equals("subtype 0x04 UUID"))
                .findFirst().orElseThrow();
        byte[] canonicalBson = HexFormat.of().parseHex(corpusCase.getString("canonical_bson").getValue());
        BsonBinary stored = new RawBsonDocument(canonicalBson).getBinary("x");
        UUID expected = UUID.fromString("73ffd264-44b3-4c69-90e8-e7d1dfc035d4");

        assertThat(Uuids.fromBinary(stored)).isEqualTo(expected);
        BsonBinary written = Uuids.toBinary(expected);
        assertThat(written.getType()).isEqualTo(BsonBinarySubType.UUID_STANDARD.getValue());
        assertThat(written.getData()).isEqualTo(stored.getData());
    }

    @Test
    void fromBinaryNamesAWrongSubtypeOrLength() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> Uuids.fromBinary(new BsonBinary(BsonBinarySubType.UUID_LEGACY, new byte[16])))
                .withMessageContaining("subtype 3").withMessageContaining("subtype 4");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> Uuids.fromBinary(new BsonBinary(BsonBinarySubType.UUID_STANDARD, new byte[15])))
                .withMessageContaining("has 15");
    }

    @Test
    void creationTimeNamesAVersionThatIsNot7() {
        UUID v4 = UUID.randomUUID();

        assertThatIllegalArgumentException().isThrownBy(() -> Uuids.creationTime(v4))
                .withMessageContaining("version 4").withMessageContaining(v4.toString());
    }

    private static int compareUnsigned(UUID a, UUID b) {
        int high = Long.compareUnsigned(a.getMostSignificantBits(), b.getMostSignificantBits());
        return high != 0 ? high : Long.compareUnsigned(a.getLeastSignificantBits(), b.getLeastSignificantBits());
    }
}
