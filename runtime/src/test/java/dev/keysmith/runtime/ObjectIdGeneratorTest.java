package dev.keysmith.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keysmith.runtime.internal.SystemSeconds;
import dev.keysmith.runtime.testing.Concurrently;
import dev.keysmith.runtime.testing.FixedRandom;
import dev.keysmith.runtime.testing.SettableClock;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ObjectIdGeneratorTest {

    private static final Instant SOME_SECOND = Instant.parse("2026-11-21T12:00:00Z");

    @ParameterizedTest
    @CsvSource({
            "0x00000000, 1970-01-01T00:00:00Z",
            "0x7FFFFFFF, 2038-01-19T03:14:07Z",
            "0x80000000, 2038-01-19T03:14:08Z",
            "0xFFFFFFFF, 2106-02-07T06:28:15Z"})
    void writesTheSecondsAsFourUnsignedBigEndianBytes(String hexSeconds, String expected) {
        long seconds = Long.decode(hexSeconds);
        Clock clock = Clock.fixed(Instant.ofEpochSecond(seconds, 999_000_000), ZoneOffset.UTC);

        ObjectId id = ObjectIdGenerator.create(clock, new SecureRandom()).next();

        assertThat(ObjectIds.creationTime(id)).isEqualTo(Instant.parse(expected));
        assertThat(Arrays.copyOf(id.toByteArray(), 4))
                .isEqualTo(HexFormat.of().parseHex(String.format("%08x", seconds)));
    }

    @Test
    void laysOutTimestampProcessValueAndCounterAsTheSpecSays() {
        Clock clock = Clock.fixed(Instant.ofEpochSecond(0x01020304L), ZoneOffset.UTC);
        ObjectIdGenerator generator = ObjectIdGenerator.create(clock, new FixedRandom((byte) 0xAB, 0x0A0B0C));

        assertThat(generator.next().toHexString()).isEqualTo("01020304" + "ababababab" + "0a0b0c");
        assertThat(generator.next().toHexString()).isEqualTo("01020304" + "ababababab" + "0a0b0d");
    }

    @Test
    void counterWrapsFromFFFFFFToZero() {
        SettableClock clock = new SettableClock(SOME_SECOND);
        ObjectIdGenerator generator = ObjectIdGenerator.create(clock, new FixedRandom((byte) 1, 0xFFFFFE));

        ObjectId first = generator.next();
        ObjectId second = generator.next();
        clock.advance(Duration.ofSeconds(1));
        ObjectId third = generator.next();

        assertThat(counterOf(first)).isEqualTo(0xFFFFFE);
        assertThat(counterOf(second)).isEqualTo(0xFFFFFF);
        assertThat(counterOf(third)).isZero();
        assertThat(ObjectIds.creationTime(third)).isEqualTo(SOME_SECOND.plusSeconds(1));
    }

    @Test
    void aWrapWithinOneSecondMovesTheTimestampOnInsteadOfGoingBack() {
        ObjectIdGenerator generator = ObjectIdGenerator.create(Clock.fixed(SOME_SECOND, ZoneOffset.UTC),
                new FixedRandom((byte) 1, 0xFFFFFF));

        ObjectId last = generator.next();
        ObjectId wrapped = generator.next();

        assertThat(counterOf(wrapped)).isZero();
        assertThat(ObjectIds.creationTime(wrapped)).isEqualTo(SOME_SECOND.plusSeconds(1));
        assertThat(wrapped).isGreaterThan(last);
    }

    @Test
    void moreThanTwoToThe24IdsInOneFrozenSecondStayDistinctAndIncreasing() {
        ObjectIdGenerator generator = ObjectIdGenerator.create(Clock.fixed(SOME_SECOND, ZoneOffset.UTC),
                new SecureRandom());
        int count = (1 << 24) + 10;

        ObjectId previous = generator.next();
        ObjectId first = previous;
        for (int i = 1; i < count; i++) {
            ObjectId id = generator.next();
            // strictly increasing pairwise implies all distinct, without holding 16M ids
            if (id.compareTo(previous) <= 0) {
                assertThat(id).as("id %d after %s", i, previous).isGreaterThan(previous);
            }
            previous = id;
        }
        assertThat(ObjectIds.creationTime(first)).isEqualTo(SOME_SECOND);
        assertThat(ObjectIds.creationTime(previous)).isEqualTo(SOME_SECOND.plusSeconds(1));
    }

    @Test
    void idsKeepIncreasingWhenTheClockStepsBackTenSeconds() {
        SettableClock clock = new SettableClock(SOME_SECOND);
        ObjectIdGenerator generator = ObjectIdGenerator.create(clock, new SecureRandom());
        List<ObjectId> ids = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            ids.add(generator.next());
        }
        clock.set(SOME_SECOND.minusSeconds(10));
        for (int i = 0; i < 100; i++) {
            ids.add(generator.next());
        }
        clock.set(SOME_SECOND.plusSeconds(1));
        ids.add(generator.next());

        for (int i = 1; i < ids.size(); i++) {
            assertThat(ids.get(i)).isGreaterThan(ids.get(i - 1));
        }
        assertThat(ObjectIds.creationTime(ids.get(150))).isEqualTo(SOME_SECOND);
        assertThat(ObjectIds.creationTime(ids.get(200))).isEqualTo(SOME_SECOND.plusSeconds(1));
    }

    @Test
    void twoGeneratorsLikeTwoProcessesDifferInTheRandomPart() {
        ObjectId a = ObjectIdGenerator.create().next();
        ObjectId b = ObjectIdGenerator.create().next();

        assertThat(Arrays.copyOfRange(a.toByteArray(), 4, 9)).isNotEqualTo(Arrays.copyOfRange(b.toByteArray(), 4, 9));
    }

    @Test
    void oneGeneratorKeepsItsRandomPart() {
        ObjectIdGenerator generator = ObjectIdGenerator.create();
        byte[] first = Arrays.copyOfRange(generator.next().toByteArray(), 4, 9);

        assertThat(Arrays.copyOfRange(generator.next().toByteArray(), 4, 9)).isEqualTo(first);
    }

    @Test
    void threadsThatOverlapGetDistinctIds() throws Exception {
        ObjectIdGenerator generator = ObjectIdGenerator.create();
        int threads = 4;
        int perThread = 50_000;
        Set<ObjectId> seen = ConcurrentHashMap.newKeySet();

        Concurrently.run(threads, index -> {
            ObjectId previous = generator.next();
            seen.add(previous);
            for (int i = 1; i < perThread; i++) {
                ObjectId id = generator.next();
                assertThat(id).isGreaterThan(previous);
                seen.add(id);
                previous = id;
            }
        });

        assertThat(seen).hasSize(threads * perThread);
    }

    /**
     * An id's second is never behind the generator's start nor ahead of the wall clock, except by the one second
     * the spec's rule carries when the 24-bit counter wraps within a second: the counter starts at a random value,
     * so some runs wrap. Fewer than 2^24 ids are taken here, so the counter wraps at most once, and the ids taken
     * after it wrapped are those whose counter is below the first id's.
     */
    @Test
    void theSystemClockGeneratorPastItsSampledIdsIsNeverAheadOfTheWallClockButByACounterWrapNorBehindItsStart()
            throws Exception {
        long start = Instant.now().getEpochSecond();
        ObjectIdGenerator generator = ObjectIdGenerator.create();
        int firstCounter = counterOf(generator.next());
        int perThread = 3 * SystemSeconds.SAMPLE_EVERY;
        Set<ObjectId> seen = ConcurrentHashMap.newKeySet();

        Concurrently.run(2, index -> {
            ObjectId previous = generator.next();
            for (int i = 1; i < perThread; i++) {
                ObjectId id = generator.next();
                long seconds = ObjectIds.creationTime(id).getEpochSecond();
                long carried = counterOf(id) < firstCounter ? 1 : 0;
                assertThat(seconds).isBetween(start, Instant.now().getEpochSecond() + carried);
                assertThat(id).isGreaterThan(previous);
                assertThat(seen.add(id)).isTrue();
                previous = id;
            }
        });
    }

    private static int counterOf(ObjectId id) {
        byte[] bytes = id.toByteArray();
        return (bytes[9] & 0xFF) << 16 | (bytes[10] & 0xFF) << 8 | bytes[11] & 0xFF;
    }
}
