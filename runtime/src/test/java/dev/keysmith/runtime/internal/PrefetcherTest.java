package dev.keysmith.runtime.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keysmith.runtime.SequenceSpec;
import dev.keysmith.runtime.internal.AllocatorState.Action;
import dev.keysmith.runtime.internal.AllocatorState.Range;
import dev.keysmith.runtime.internal.AllocatorState.Want;
import dev.keysmith.runtime.testing.LogCapture;
import dev.keysmith.runtime.testing.ManualAsyncCounterStore;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The prefetcher's checks, called on the test's thread (the scheduler's thread calls them in an application), over
 * an allocator core whose clock the test moves and whose store the test completes: when it reserves, how many ids,
 * and when it leaves the schedule. No outcome depends on this host's timing.
 */
class PrefetcherTest {

    private static final long MICROS = 1_000;

    private final AtomicLong clock = new AtomicLong();
    private final ManualAsyncCounterStore store = new ManualAsyncCounterStore();
    private final PrefetchScheduler scheduler = PrefetchScheduler.ownThread(Duration.ofSeconds(1), "prefetcher-test");
    private final List<Long> reserved = new ArrayList<>();

    @AfterEach
    void close() {
        scheduler.close();
    }

    @Test
    void aFastSequenceGrowsItsReservationsOneDoublingPerReservationUpToTheMostAllowedAndIdlingTakesOneBatch()
            throws Exception {
        AllocatorCore core = core(10);
        Prefetcher prefetcher = new Prefetcher(core, 10, 16);

        prefetcher.check(); // enters the schedule with nothing in hand: reserves one batch at once
        complete();
        for (int round = 0; round < 5; round++) {
            takeAll(core, MICROS); // an id a microsecond: ten ids last far less than the 8 ms a range should
            prefetcher.check();
            complete();
        }
        assertThat(reserved).as("one batch while the pace is unknown, then one doubling per reservation")
                .containsExactly(10L, 20L, 40L, 80L, 160L, 160L);

        takeAll(core, MICROS);
        prefetcher.check();
        complete(); // a range ready, no id taken from here on
        int checks = 0;
        while (prefetcher.check() != Prefetcher.LEAVE) {
            clock.addAndGet(50_000 * MICROS);
            checks++;
        }
        assertThat(checks).as("checks without an id taken before the sequence leaves")
                .isEqualTo(Prefetcher.IDLE_CHECKS - 1);
        assertThat(core.reservationIds).as("idle: one batch again").isEqualTo(10);
    }

    @Test
    void withOneBatchAllowedEveryReservationIsOneBatch() throws Exception {
        AllocatorCore core = core(10);
        Prefetcher prefetcher = new Prefetcher(core, 10, 1);

        prefetcher.check();
        complete();
        for (int round = 0; round < 4; round++) {
            takeAll(core, MICROS);
            prefetcher.check();
            complete();
        }
        assertThat(reserved).containsOnly(10L).hasSize(5);
    }

    @Test
    void aSlowSequenceIsCheckedWhenItsIdsLeftReachTheLeadAndReservesOnlyThen() throws Exception {
        AllocatorCore core = core(100);
        Prefetcher prefetcher = new Prefetcher(core, 100, 16);
        prefetcher.check();
        complete();
        take(core, 10, 100 * MICROS); // 100 µs an id: a batch lasts 10 ms, more than four leads of 2 ms
        long wait = prefetcher.check();

        assertThat(reserved).as("no reservation while 90 ids are left").containsExactly(100L);
        assertThat(wait).as("90 ids, 40 above the lead of half a range, at 100 µs an id")
                .isEqualTo(40 * 100 * MICROS);
        take(core, 40, 100 * MICROS);
        prefetcher.check();
        assertThat(store.pending()).as("at the lead, the next range is reserved").isEqualTo(1);
        complete();
        assertThat(reserved).containsExactly(100L, 100L);
    }

    @Test
    void aSlowerPaceIsBelievedAQuarterAtATimeAFasterOneAtOnceAndChecksWithoutAnIdTakenDoubleTheirInterval()
            throws Exception {
        AllocatorCore core = core(100);
        Prefetcher prefetcher = new Prefetcher(core, 100, 16);
        prefetcher.check();
        complete();
        take(core, 10, 100 * MICROS);
        assertThat(prefetcher.check()).as("90 ids, 40 above the lead, at 100 µs").isEqualTo(40 * 100 * MICROS);
        take(core, 10, 500 * MICROS);
        assertThat(prefetcher.check()).as("80 ids, 30 above the lead, at 100 + (500 - 100) / 4 µs")
                .isEqualTo(30 * 200 * MICROS);
        take(core, 10, 50 * MICROS);
        assertThat(prefetcher.check()).as("70 ids, 20 above the lead, at 50 µs").isEqualTo(20 * 50 * MICROS);
        clock.addAndGet(MICROS);
        assertThat(prefetcher.check()).as("no id taken since").isEqualTo(2 * 20 * 50 * MICROS);
        clock.addAndGet(MICROS);
        assertThat(prefetcher.check()).as("two checks in a row").isEqualTo(4 * 20 * 50 * MICROS);
        assertThat(reserved).as("nothing reserved meanwhile").containsExactly(100L);
    }

    @Test
    void withARangeReadyTheNextCheckIsWhenTheIdsAvailableReachALeadOfFourReservationTimes() throws Exception {
        AllocatorCore core = core(100);
        Prefetcher prefetcher = new Prefetcher(core, 100, 1);
        prefetcher.check();
        complete();
        take(core, 50, 100 * MICROS);
        prefetcher.check(); // 50 left, the lead of half a range: reserves
        assertThat(store.pending()).isEqualTo(1);
        take(core, 20, 100 * MICROS); // the reservation takes 2 ms
        assertThat(prefetcher.check()).as("in flight, for a time not known yet: looks again soon")
                .isEqualTo(Prefetcher.MIN_CHECK_NANOS);
        complete();
        take(core, 10, 100 * MICROS);
        assertThat(prefetcher.check()).as("20 in hand and 100 ready reach the lead of 4 x 2 ms at 100 µs, 80 ids,"
                + " in 40 ids").isEqualTo(40 * 100 * MICROS);
    }

    @Test
    void afterAFailedReservationTheChecksWaitForTheBackOffToEndAndThenReserve() throws Exception {
        AllocatorCore core = core(10);
        Prefetcher prefetcher = new Prefetcher(core, 10, 16);
        prefetcher.check();
        store.failNext(new IllegalStateException("down"));

        assertThat(prefetcher.check()).as("the back-off of a second, cut to the longest interval")
                .isEqualTo(Prefetcher.MAX_CHECK_NANOS);
        clock.addAndGet(999_990 * MICROS);
        assertThat(prefetcher.check()).as("10 µs left: the shortest interval, doubled twice for two idle checks")
                .isEqualTo(4 * Prefetcher.MIN_CHECK_NANOS);
        assertThat(store.pending()).isZero();
        clock.addAndGet(10 * MICROS);
        prefetcher.check();
        assertThat(store.pending()).as("the back-off over: reserves again").isEqualTo(1);
    }

    @Test
    void aClosedSequenceLeavesTheSchedule() {
        AllocatorCore core = core(10);
        Prefetcher prefetcher = new Prefetcher(core, 10, 16);
        core.close();

        assertThat(prefetcher.check()).isEqualTo(Prefetcher.LEAVE);
        assertThat(store.calls()).isZero();
    }

    /** A check that throws on the scheduler's pool, which would keep what it throws in a Future nobody reads. */
    @Test
    void aCheckThatThrowsIsLoggedAndTheSequenceLeavesTheScheduleForItsNextCallerToEnterAgain() throws Exception {
        IllegalStateException broken = new IllegalStateException("the check broke");
        AllocatorCore core = new AllocatorCore(SequenceSpec.of("invoices").withBatch(10), store, Duration.ofSeconds(30),
                Duration.ofSeconds(1), scheduler, () -> {
                    throw broken;
                });
        Prefetcher prefetcher = new Prefetcher(core, 10, 16);
        try (LogCapture capture = LogCapture.of("dev.keysmith.runtime.SequenceAllocator")) {
            prefetcher.tookId();

            LogRecord record = capture.first(Duration.ofSeconds(60));
            assertThat(record).as("a log record of the failed check").isNotNull();
            assertThat(record.getLevel()).isEqualTo(Level.WARNING);
            assertThat(record.getMessage()).contains("sequence 'invoices'").contains("prefetch");
            assertThat(record.getThrown()).isSameAs(broken);
            capture.clear();
            prefetcher.tookId(); // out of the schedule: the next caller enters it again
            assertThat(capture.first(Duration.ofSeconds(60))).as("checked again, and logged again").isNotNull();
        }
    }

    private AllocatorCore core(int batch) {
        return new AllocatorCore(SequenceSpec.of("prefetched").withBatch(batch), store, Duration.ofSeconds(30),
                Duration.ofSeconds(1), scheduler, clock::get);
    }

    private void complete() throws InterruptedException {
        reserved.add(store.completeNext().count());
    }

    /** Takes every id in hand (installing the reserved range first), {@code nanosPerId} apart. */
    private void takeAll(AllocatorCore core, long nanosPerId) {
        while (take(core, 1, nanosPerId)) {
            // until none is left
        }
    }

    /** Takes up to {@code ids} ids as {@code tryNext()} does, {@code nanosPerId} apart; false once none is ready. */
    private boolean take(AllocatorCore core, int ids, long nanosPerId) {
        for (int i = 0; i < ids; i++) {
            AllocatorState now = core.state();
            Action action = now.decide(Want.ID_NOW, clock.get(), false, 0);
            if (action == Action.INSTALL) {
                core.install(now);
                now = core.state();
            } else if (action != Action.TAKE) {
                return false;
            }
            if (now.current().take() == Range.USED_UP) {
                return false;
            }
            clock.addAndGet(nanosPerId);
        }
        return true;
    }
}
