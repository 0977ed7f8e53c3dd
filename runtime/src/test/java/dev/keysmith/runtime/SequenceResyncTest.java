package dev.keysmith.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keysmith.runtime.testing.Concurrently;
import dev.keysmith.runtime.testing.InMemoryCounterStore;
import java.util.ArrayList;
import java.util.List;
import java.util.NavigableSet;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/** The resync procedure and the allocator's hook, over counters in memory and a set of ids as the data. */
class SequenceResyncTest {

    private final InMemoryCounterStore counters = new InMemoryCounterStore();
    private final NavigableSet<Long> data = new ConcurrentSkipListSet<>();
    private final SequenceResync.LargestIds largest = (first, last) -> {
        Long found = data.floor(last);
        return found == null || found < first ? OptionalLong.empty() : OptionalLong.of(found);
    };

    @Test
    void aCounterBehindItsDataIsRaisedToTheLargestIdAndNeverLowered() {
        SequenceSpec spec = SequenceSpec.of("invoices").withBatch(10);
        for (long id = 1; id <= 100; id++) {
            data.add(id);
        }

        List<CounterStatus> checked = SequenceResync.check(spec, counters, largest);
        assertThat(checked).singleElement().satisfies(status -> {
            assertThat(status.behind()).isTrue();
            assertThat(status.counterValue()).isZero();
            assertThat(status.largestId()).hasValue(100);
        });
        assertThat(counters.value("invoices")).isZero();

        List<CounterStatus> resynced = SequenceResync.resync(spec, counters, largest, null);
        assertThat(resynced).singleElement().satisfies(status -> assertThat(status.counterAfter()).isEqualTo(100));
        assertThat(counters.value("invoices")).isEqualTo(100);

        counters.set("invoices", 500);
        SequenceResync.resync(spec, counters, largest, null);
        assertThat(counters.value("invoices")).isEqualTo(500);
        assertThat(SequenceResync.behind(SequenceResync.check(spec, counters, largest))).isEmpty();
    }

    @Test
    void stripedCountersAreResyncedEachToTheLargestIdOfItsOwnRange() {
        // [1, 999] in three: [1, 333], [334, 666], [667, 999]
        SequenceSpec spec = SequenceSpec.of("receipts").withCounters(3, 3).withBatch(5);
        data.addAll(List.of(10L, 400L, 401L, 700L));
        counters.set("receipts#1", 200);

        List<CounterStatus> resynced = SequenceResync.resync(spec, counters, largest, null);

        assertThat(resynced).extracting(CounterStatus::counter).containsExactly("receipts#0", "receipts#1",
                "receipts#2");
        assertThat(counters.value("receipts#0")).isEqualTo(10);
        assertThat(counters.value("receipts#1")).isEqualTo(200); // ahead already: never lowered
        assertThat(counters.value("receipts#2")).isEqualTo(700 - 667 + 1);
        assertThat(resynced.get(1).behind()).isFalse();
    }

    @Test
    void theAllocatorDropsTheRestOfARangeTheResyncMadeStale() {
        SequenceSpec spec = SequenceSpec.of("stale").withBatch(10).withPrefetch(false);
        try (SequenceAllocator allocator = SequenceAllocator.open(spec, counters)) {
            assertThat(allocator.next()).isEqualTo(1); // holds [1, 10]
            for (long id = 2; id <= 25; id++) {
                data.add(id); // imported behind its back
            }

            SequenceResync.resync(spec, counters, largest, allocator);

            assertThat(allocator.next()).isEqualTo(26);
            assertThat(counters.value("stale")).isEqualTo(35);
        }
    }

    @Test
    void aRangeInFlightDuringTheResyncIsCutWhenItLands() {
        SequenceSpec spec = SequenceSpec.of("inflight").withBatch(10).withPrefetch(false);
        // the store answers from the counter as it was before the resync (a reservation that ran just before it)
        InMemoryCounterStore slow = new InMemoryCounterStore();
        try (SequenceAllocator allocator = SequenceAllocator.open(spec, slow)) {
            allocator.skipThrough(15); // the resync ran: ids up to 15 are taken
            assertThat(allocator.next()).isEqualTo(16); // [1, 10] dropped whole, [11, 20] cut to [16, 20]
            assertThat(slow.value("inflight")).isEqualTo(20);
            allocator.skipThrough(0); // outside the id space [1, ...]: nothing happens
            allocator.skipThrough(10); // below what it holds: nothing happens
            assertThat(allocator.next()).isEqualTo(17);
        }
    }

    @Test
    void skipThroughOnlyTouchesTheStripeThatHoldsTheId() {
        SequenceSpec spec = SequenceSpec.of("two").withCounters(2, 1).withBatch(3).withPrefetch(false);
        // [1, 9] in two: [1, 5], [6, 9]
        try (SequenceAllocator allocator = SequenceAllocator.open(spec, counters)) {
            allocator.skipThrough(4);
            Set<Long> ids = new java.util.TreeSet<>();
            for (int i = 0; i < 5; i++) {
                ids.add(allocator.next());
            }
            assertThat(ids).containsExactly(5L, 6L, 7L, 8L, 9L);
            assertThatThrownBy(allocator::next).isInstanceOf(IdSpaceExhaustedException.class);
        }
    }

    @Test
    void aCounterAtTheEndOfTheLongsIsNeverWrittenPastIt() {
        SequenceSpec spec = SequenceSpec.of("last").withBatch(10).withPrefetch(false);
        counters.set("last", Long.MAX_VALUE - 5);
        List<Long> ids = new ArrayList<>();
        try (SequenceAllocator allocator = SequenceAllocator.open(spec, counters)) {
            for (int i = 0; i < 5; i++) {
                ids.add(allocator.next());
            }
            assertThatThrownBy(allocator::next).isInstanceOf(IdSpaceExhaustedException.class)
                    .hasMessageContaining("'last'").hasMessageContaining(String.valueOf(Long.MAX_VALUE));
        }
        assertThat(ids).containsExactly(Long.MAX_VALUE - 4, Long.MAX_VALUE - 3, Long.MAX_VALUE - 2,
                Long.MAX_VALUE - 1, Long.MAX_VALUE);
        assertThat(counters.value("last")).isEqualTo(Long.MAX_VALUE);
    }

    @Test
    void resyncsWhileThreadsTakeIdsNeverHandOutAnIdTwice() throws Exception {
        SequenceSpec spec = SequenceSpec.of("busy").withBatch(7);
        Set<Long> taken = ConcurrentHashMap.newKeySet();
        try (SequenceAllocator allocator = SequenceAllocator.open(spec, counters)) {
            Concurrently.run(5, thread -> {
                for (int i = 0; i < 300; i++) {
                    if (thread == 4) {
                        if (i % 10 == 0) {
                            long from = counters.value("busy") + 1;
                            for (long id = from; id < from + 20; id++) {
                                data.add(id); // imported ahead of the counter
                            }
                            SequenceResync.resync(spec, counters, largest, allocator);
                        }
                    } else {
                        long id = allocator.next();
                        assertThat(taken.add(id)).as("id %s twice", id).isTrue();
                    }
                }
            });
        }
        assertThat(taken).hasSize(4 * 300);
    }

    @Test
    void theCheckMessageNamesTheSequenceTheCounterTheLargestIdAndTheFix() {
        SequenceSpec spec = SequenceSpec.of("orders");
        data.add(42L);
        List<CounterStatus> behind = SequenceResync.behind(SequenceResync.check(spec, counters, largest));

        assertThat(new CounterBehindDataException("table 'orders'", behind, "call resync").getMessage())
                .contains("'orders'", "is at 0", "largest id there is 42", "Fix: call resync");
    }

    @Test
    void aCounterCheckSettingIsReadInAnyCaseAndAWrongOneIsNamedWithTheChoices() {
        assertThat(CounterCheck.parse("keysmith.counter_check", " Resync ")).isEqualTo(CounterCheck.RESYNC);
        assertThatThrownBy(() -> CounterCheck.parse("keysmith.counter_check", "maybe"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("keysmith.counter_check = 'maybe' is not a counter check; use off, warn, fail or resync");
    }

    @Test
    void theNonBlockingProcedureGivesWhatTheBlockingOneGivesWithEveryStepOnTheStoresThreads() throws Exception {
        SequenceSpec spec = SequenceSpec.of("stripes").withCounters(3, 3).withBatch(5);
        data.addAll(List.of(10L, 400L, 401L, 700L));
        InMemoryCounterStore blockingCounters = new InMemoryCounterStore();
        blockingCounters.set("stripes#1", 200);
        counters.set("stripes#1", 200);
        ExecutorService storeThreads = Executors.newSingleThreadExecutor(task -> new Thread(task, "store"));
        Set<String> stepThreads = ConcurrentHashMap.newKeySet();
        try {
            AsyncResyncableCounterStore async = onThreads(counters, storeThreads, stepThreads);
            SequenceResync.AsyncLargestIds asyncData = (first, last) -> CompletableFuture.supplyAsync(() -> {
                stepThreads.add(Thread.currentThread().getName());
                return largest.largestIn(first, last);
            }, storeThreads);

            List<CounterStatus> checked = SequenceResync.checkAsync(spec, async, asyncData).toCompletableFuture()
                    .get(30, TimeUnit.SECONDS);
            assertThat(checked).isEqualTo(SequenceResync.check(spec, blockingCounters, largest));
            assertThat(counters.value("stripes#0")).isZero(); // the check changed nothing

            List<CounterStatus> resynced = SequenceResync.resyncAsync(spec, async, asyncData, null)
                    .toCompletableFuture().get(30, TimeUnit.SECONDS);
            assertThat(resynced).isEqualTo(SequenceResync.resync(spec, blockingCounters, largest, null));
            assertThat(List.of(counters.value("stripes#0"), counters.value("stripes#1"), counters.value("stripes#2")))
                    .containsExactly(10L, 200L, 700L - 667 + 1);
            assertThat(stepThreads).containsOnly("store");
        } finally {
            storeThreads.shutdownNow();
        }
    }

    @Test
    void theNonBlockingResyncCutsTheAllocatorsStaleRange() throws Exception {
        SequenceSpec spec = SequenceSpec.of("staleAsync").withBatch(10).withPrefetch(false);
        ExecutorService storeThreads = Executors.newSingleThreadExecutor();
        try (SequenceAllocator allocator = SequenceAllocator.open(spec, counters)) {
            assertThat(allocator.next()).isEqualTo(1); // holds [1, 10]
            for (long id = 2; id <= 25; id++) {
                data.add(id);
            }

            SequenceResync.resyncAsync(spec, onThreads(counters, storeThreads, ConcurrentHashMap.newKeySet()),
                    (first, last) -> CompletableFuture.completedFuture(largest.largestIn(first, last)), allocator)
                    .toCompletableFuture().get(30, TimeUnit.SECONDS);

            assertThat(allocator.next()).isEqualTo(26);
        } finally {
            storeThreads.shutdownNow();
        }
    }

    @Test
    void aFailureStopsTheProcedureAndIsGivenAsTheStoreGaveIt() {
        SequenceSpec spec = SequenceSpec.of("broken").withCounters(2, 1).withBatch(3);
        data.addAll(List.of(2L, 8L)); // [1, 5] and [6, 9]
        IllegalStateException malformed = new IllegalStateException("counter 'broken#1' is malformed");
        ResyncableCounterStore failing = new ResyncableCounterStore() {
            @Override
            public long reserve(String counter, long count) {
                throw new AssertionError("a resync reserves nothing");
            }

            @Override
            public long value(String counter) {
                if (counter.equals("broken#1")) {
                    throw malformed;
                }
                return counters.value(counter);
            }

            @Override
            public long raise(String counter, long atLeast) {
                return counters.raise(counter, atLeast);
            }
        };

        assertThatThrownBy(() -> SequenceResync.resync(spec, failing, largest, null)).isSameAs(malformed);
        assertThat(counters.value("broken#0")).isEqualTo(2); // raised before the failure: raising again is harmless

        AsyncResyncableCounterStore asyncFailing = new AsyncResyncableCounterStore() {
            @Override
            public CompletionStage<Long> reserve(String counter, long count) {
                throw new AssertionError("a resync reserves nothing");
            }

            @Override
            public CompletionStage<Long> value(String counter) {
                return counter.equals("broken#1") ? CompletableFuture.failedFuture(malformed)
                        : CompletableFuture.completedFuture(counters.value(counter));
            }

            @Override
            public CompletionStage<Long> raise(String counter, long atLeast) {
                return CompletableFuture.completedFuture(counters.raise(counter, atLeast));
            }
        };
        assertThatThrownBy(() -> SequenceResync.resyncAsync(spec, asyncFailing,
                (first, last) -> CompletableFuture.completedFuture(largest.largestIn(first, last)), null)
                .toCompletableFuture().join()).hasCause(malformed);
    }

    /** {@code counters} as a non-blocking store whose every answer completes on {@code threads}. */
    private static AsyncResyncableCounterStore onThreads(InMemoryCounterStore counters, ExecutorService threads,
            Set<String> stepThreads) {
        return new AsyncResyncableCounterStore() {
            @Override
            public CompletionStage<Long> reserve(String counter, long count) {
                return on(() -> counters.reserve(counter, count));
            }

            @Override
            public CompletionStage<Long> value(String counter) {
                return on(() -> counters.value(counter));
            }

            @Override
            public CompletionStage<Long> raise(String counter, long atLeast) {
                return on(() -> counters.raise(counter, atLeast));
            }

            private CompletionStage<Long> on(Supplier<Long> step) {
                return CompletableFuture.supplyAsync(() -> {
                    stepThreads.add(Thread.currentThread().getName());
                    return step.get();
                }, threads);
            }
        };
    }
}
