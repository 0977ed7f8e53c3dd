package dev.keysmith.mongodb.counters;

import static dev.keysmith.runtime.testing.PrefetchPacing.awaitTheNextRangeWhenUsedUp;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.client.MongoClient;
import dev.keysmith.mongodb.MongoCounterStore;
import dev.keysmith.mongodb.testing.TestMongo;
import dev.keysmith.runtime.IdSpaceExhaustedException;
import dev.keysmith.runtime.SequenceAllocator;
import dev.keysmith.runtime.SequenceSpec;
import dev.keysmith.runtime.testing.Concurrently;
import dev.keysmith.runtime.testing.RecordingCounterStore;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Sequences over the MongoDB counter store, with two clients standing for two processes. */
class MongoSequenceTest {

    private static TestMongo mongo;
    private static MongoClient firstProcess;
    private static MongoClient secondProcess;

    private MongoCounterStore firstStore;
    private MongoCounterStore secondStore;

    @BeforeAll
    static void startServer() {
        mongo = TestMongo.start();
        firstProcess = mongo.newClient();
        secondProcess = mongo.newClient();
    }

    @AfterAll
    static void stopServer() {
        mongo.close();
    }

    @BeforeEach
    void freshDatabase() {
        String name = mongo.freshDatabaseName();
        firstStore = MongoCounterStore.create(firstProcess.getDatabase(name));
        secondStore = MongoCounterStore.create(secondProcess.getDatabase(name));
    }

    @Test
    void sixteenThreadsOnFourAllocatorsOverTwoClientsTake200000IdsWithoutDuplicate() throws Exception {
        SequenceSpec spec = SequenceSpec.of("invoices").withBatch(50);
        List<SequenceAllocator> allocators = List.of(
                SequenceAllocator.open(spec, firstStore), SequenceAllocator.open(spec, firstStore),
                SequenceAllocator.open(spec, secondStore), SequenceAllocator.open(spec, secondStore));
        Set<Long> taken = ConcurrentHashMap.newKeySet();
        AtomicLong handedOut = new AtomicLong();

        Concurrently.run(16, thread -> {
            SequenceAllocator allocator = allocators.get(thread / 4);
            for (int i = 0; i < 12_500; i++) {
                taken.add(allocator.next());
                handedOut.incrementAndGet();
            }
        });
        allocators.forEach(SequenceAllocator::close);

        assertThat(handedOut).hasValue(200_000);
        assertThat(taken).hasSize(200_000);
        long reserved = firstStore.reserve("invoices", 1);
        assertThat(taken).allMatch(id -> id >= 1 && id <= reserved);
    }

    @Test
    void batchOneTakesExactlyOneToN() throws Exception {
        SequenceSpec spec = SequenceSpec.of("continuous").withBatch(1);
        List<SequenceAllocator> allocators = List.of(
                SequenceAllocator.open(spec, firstStore), SequenceAllocator.open(spec, secondStore));
        Set<Long> taken = ConcurrentHashMap.newKeySet();

        Concurrently.run(4, thread -> {
            for (int i = 0; i < 250; i++) {
                taken.add(allocators.get(thread % 2).next());
            }
        });
        allocators.forEach(SequenceAllocator::close);

        assertThat(taken).containsExactlyInAnyOrderElementsOf(range(1, 1000));
    }

    @Test
    void eightThreadsStartingANewSequenceOnAnEmptyCollectionGetNoError() throws Exception {
        SequenceSpec spec = SequenceSpec.of("fresh").withBatch(5);
        List<SequenceAllocator> allocators = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            allocators.add(SequenceAllocator.open(spec, i % 2 == 0 ? firstStore : secondStore));
        }
        Set<Long> taken = ConcurrentHashMap.newKeySet();

        Concurrently.run(8, thread -> {
            for (int i = 0; i < 5; i++) {
                taken.add(allocators.get(thread).next());
            }
        });
        allocators.forEach(SequenceAllocator::close);

        // every allocator reserved its own range (and may have prefetched more, as many batches as the allocator
        // decides): 40 distinct ids, with gaps, and the counter past all of them
        assertThat(taken).hasSize(40);
        assertThat(firstStore.reserve("fresh", 1)).as("offsets reserved so far (id = offset + 1)")
                .isGreaterThanOrEqualTo(40L).isGreaterThanOrEqualTo(Collections.max(taken));
    }

    @Test
    void fourStripedCountersOfThreeDigitsHandOutOneTo999OnceThenReportExhaustion() throws Exception {
        // batch 7 divides none of the ranges (250, 250, 250 and 249 ids), so reservations get clipped
        SequenceSpec spec = SequenceSpec.of("stripes").withCounters(4, 3).withBatch(7);
        List<SequenceAllocator> allocators = List.of(
                SequenceAllocator.open(spec, firstStore), SequenceAllocator.open(spec, secondStore));
        Set<Long> taken = ConcurrentHashMap.newKeySet();
        AtomicLong handedOut = new AtomicLong();
        List<IdSpaceExhaustedException> exhausted = new java.util.concurrent.CopyOnWriteArrayList<>();

        Concurrently.run(4, thread -> {
            SequenceAllocator allocator = allocators.get(thread % 2);
            while (true) {
                try {
                    long id = allocator.next();
                    assertThat(id).isBetween(1L, 999L);
                    taken.add(id);
                    handedOut.incrementAndGet();
                } catch (IdSpaceExhaustedException e) {
                    exhausted.add(e);
                    return;
                }
            }
        });
        for (SequenceAllocator allocator : allocators) {
            assertThatThrownBy(allocator::next).isInstanceOf(IdSpaceExhaustedException.class)
                    .hasMessageContaining("'stripes'").hasMessageContaining("[1, 999]");
            allocator.close();
        }

        assertThat(handedOut).hasValue(999);
        assertThat(taken).containsExactlyInAnyOrderElementsOf(range(1, 999));
        assertThat(exhausted).hasSize(4);
    }

    @Test
    @Timeout(60) // without a prefetch thread that reserves on its own, the caller would wait for a range forever
    void whileThePrefetchThreadKeepsUpTheCallerThreadWaitsOnTheServerOnlyForTheFirstRange() {
        // the caller never outruns the prefetch thread (see PrefetchPacing): nothing here depends on timing
        RecordingCounterStore recording = new RecordingCounterStore(firstStore);
        Thread caller = Thread.currentThread();
        long previous = 0;
        try (SequenceAllocator allocator = SequenceAllocator.open(SequenceSpec.of("warm").withBatch(100), recording)) {
            for (int i = 0; i < 5_000; i++) {
                awaitTheNextRangeWhenUsedUp(allocator);
                long id = allocator.next();
                assertThat(id).isGreaterThan(previous);
                previous = id;
            }
            assertThat(allocator.snapshot().waits()).isZero();
        }

        // the caller reserved the first 100 ids; the other 4,900 came from the prefetch thread's reservations (of one
        // batch or several, as the pace asks)
        assertThat(recording.callsBy(caller)).isEqualTo(1);
        assertThat(recording.callsByOthersThan(caller)).isPositive();
    }

    @Test
    void closingAndReopeningNeverHandsOutAnIdTwice() {
        SequenceSpec spec = SequenceSpec.of("reopened").withBatch(20);
        Set<Long> taken = new java.util.HashSet<>();
        for (int round = 0; round < 5; round++) {
            try (SequenceAllocator allocator = SequenceAllocator.open(spec, round % 2 == 0 ? firstStore : secondStore)) {
                for (int i = 0; i < 15; i++) {
                    long id = allocator.next();
                    assertThat(taken.add(id)).as("id %d handed out again in round %d", id, round).isTrue();
                }
            }
        }
        assertThat(taken).hasSize(75);
    }

    private static List<Long> range(long first, long last) {
        return LongStream.rangeClosed(first, last).boxed().collect(Collectors.toList());
    }
}
