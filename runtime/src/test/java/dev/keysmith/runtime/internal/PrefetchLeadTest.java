package dev.keysmith.runtime.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PrefetchLeadTest {

    private static final long MICROS = 1_000;

    @Test
    void withNothingLearnedTheLeadIsHalfARangeAndWithThePaceAtLeastTheShortestLead() {
        PrefetchLead lead = new PrefetchLead();

        assertThat(lead.leadIds(50)).isEqualTo(25);
        lead.scheduled(0, 0);
        lead.checked(1_000 * MICROS, 50);
        assertThat(lead.leadIds(7)).as("the pace alone: 2 ms at 20 µs an id is the whole range").isEqualTo(7);
    }

    @Test
    void aRangeThatLastsLongAgainstTheLeadKeepsTheHalf() {
        PrefetchLead lead = new PrefetchLead();
        lead.reserved(100 * MICROS);
        lead.scheduled(0, 0);
        lead.checked(20_000 * MICROS, 1000);

        // 1000 ids in 20 ms: 20 µs an id; the lead of 2 ms (above 4 reservations of 100 µs) is 100 ids
        assertThat(lead.leadIds(1000)).isEqualTo(500);
    }

    @Test
    void aRangeThatLastsLessThanTheLeadIsReservedFromItsFirstId() {
        PrefetchLead lead = new PrefetchLead();
        lead.reserved(70 * MICROS);
        lead.scheduled(0, 0);
        lead.checked(1_000 * MICROS, 50);

        // 50 ids in 1 ms: 20 µs an id; the lead of 2 ms is 100 ids, more than a range
        assertThat(lead.nanosUntilReservation(49, 0, 50)).as("reserved from the range's first id").isZero();
        assertThat(lead.leadIds(50)).as("the prefetch thread keeps a full range ready").isEqualTo(50);
    }

    @Test
    void aSlowStoreLengthensTheLeadBeyondTheMinimum() {
        PrefetchLead lead = new PrefetchLead();
        lead.reserved(1_000 * MICROS);
        lead.scheduled(0, 0);
        lead.checked(10_000 * MICROS, 1000); // 10 µs an id

        // four reservations of 1 ms are 400 ids, below the half
        assertThat(lead.leadIds(1000)).isEqualTo(500);
        lead.reserved(2_000 * MICROS);
        assertThat(lead.leadIds(1000)).as("four of 2 ms: 800 ids").isEqualTo(800);
    }

    @Test
    void aSlowReservationIsBelievedAtOnceAFastOneOnlyGradually() {
        PrefetchLead lead = new PrefetchLead();
        lead.scheduled(0, 0);
        lead.checked(10_000 * MICROS, 1000); // 10 µs an id
        lead.reserved(2_000 * MICROS);
        lead.reserved(400 * MICROS); // 2000 - 1600 / 8 = 1800 µs

        assertThat(lead.leadIds(1000)).as("four of 1.8 ms: 720 ids").isEqualTo(720);
    }

    @Test
    void aFasterPaceIsBelievedAtOnceASlowerOneOnlyGradually() {
        PrefetchLead lead = new PrefetchLead();
        lead.scheduled(0, 0);
        lead.checked(100 * MICROS, 10); // 10 µs an id
        assertThat(lead.leadIds(1000)).as("2 ms at 10 µs an id").isEqualTo(500);

        lead.checked(300 * MICROS, 20); // 20 µs an id: 10 + 10 / 4 = 12.5
        assertThat(lead.nanosUntilReservation(200, 0, 1000)).isZero();
        assertThat(lead.nanosUntilReservation(700, 0, 1000)).as("200 ids above the lead at 12.5 µs")
                .isEqualTo(2_500 * MICROS);
        lead.checked(310 * MICROS, 30); // 1 µs an id
        assertThat(lead.leadIds(1000)).as("2 ms at 1 µs an id: the whole range").isEqualTo(1000);
    }

    @Test
    void theNextCheckIsWhenTheIdsLeftReachTheLead() {
        PrefetchLead lead = new PrefetchLead();
        lead.scheduled(0, 0);
        lead.checked(200 * MICROS, 10); // 20 µs an id: the lead is a full range of 50

        assertThat(lead.nanosUntilReservation(30, 0, 50)).as("nothing ready: reserve now").isZero();
        assertThat(lead.nanosUntilReservation(30, 50, 50)).as("a range ready: check when the callers switch to it")
                .isEqualTo(600 * MICROS);
        assertThat(lead.nanosUntilReservation(0, 50, 50)).as("never now while a range waits")
                .isEqualTo(PrefetchLead.MIN_CHECK_NANOS);
    }

    @Test
    void theHalfOfALongRangeIsAwaitedEvenWithOneReady() {
        PrefetchLead lead = new PrefetchLead();
        lead.scheduled(0, 0);
        lead.checked(200 * MICROS, 10); // 20 µs an id: the lead is half of 1000

        assertThat(lead.nanosUntilReservation(600, 0, 1000)).as("100 ids above the half").isEqualTo(2_000 * MICROS);
        assertThat(lead.nanosUntilReservation(300, 1000, 1000)).as("the half of the ready range")
                .isEqualTo(16_000 * MICROS);
    }

    @Test
    void withThePaceUnknownTheThreadMeasuresItBeforeReservingAboveTheHalf() {
        PrefetchLead lead = new PrefetchLead();
        lead.scheduled(0, 1);

        assertThat(lead.nanosUntilReservation(49, 0, 100)).isZero();
        assertThat(lead.nanosUntilReservation(99, 0, 100)).isEqualTo(PrefetchLead.MEASURE_NANOS);
    }

    @Test
    void checksWithoutAnIdTakenBackOffAndAfterSomeInARowTheSequenceIsIdle() {
        PrefetchLead lead = new PrefetchLead();
        lead.scheduled(0, 0);
        lead.checked(200 * MICROS, 10); // 20 µs an id
        long first = lead.nanosUntilReservation(530, 0, 1000); // 30 ids above the lead of 500: 600 µs
        assertThat(first).isEqualTo(600 * MICROS);

        long now = 200 * MICROS;
        for (int check = 1; check < PrefetchLead.IDLE_CHECKS; check++) {
            now += MICROS;
            lead.checked(now, 10);
            assertThat(lead.idle()).isFalse();
            assertThat(lead.nanosUntilReservation(530, 0, 1000)).isEqualTo(Math.min(PrefetchLead.MAX_CHECK_NANOS,
                    first << check));
        }
        lead.checked(now + MICROS, 10);
        assertThat(lead.idle()).as("%d checks in a row without an id", PrefetchLead.IDLE_CHECKS).isTrue();

        lead.checked(now + 2 * MICROS, 11);
        assertThat(lead.idle()).as("an id taken").isFalse();
        lead.scheduled(now + 3 * MICROS, 11);
        assertThat(lead.leadIds(100)).as("the pace is kept across idling").isEqualTo(100);
    }

    @Test
    void checksAreNeverFurtherApartThanTheLongestCheck() {
        PrefetchLead lead = new PrefetchLead();
        lead.scheduled(0, 0);
        lead.checked(1_000_000 * MICROS, 1); // one id a second

        assertThat(lead.nanosUntilReservation(1_000, 1_000, 1_000)).isEqualTo(PrefetchLead.MAX_CHECK_NANOS);
        assertThat(lead.nanosWhileReserving()).as("no reservation timed yet")
                .isEqualTo(PrefetchLead.MEASURE_NANOS);
    }

    @Test
    void aCheckWhileReservingComesNoLaterThanTheRangeRunsOut() {
        PrefetchLead lead = new PrefetchLead();
        lead.scheduled(0, 0);
        lead.checked(1_000 * MICROS, 40); // 25 µs an id
        lead.reserved(5_000 * MICROS); // one slow reservation: 5 ms learnt at once

        assertThat(lead.nanosWhileReserving()).isEqualTo(5_000 * MICROS);
        assertThat(lead.nanosWhileReserving(40)).as("40 ids left last 1 ms at this pace")
                .isEqualTo(1_000 * MICROS);
        assertThat(lead.nanosWhileReserving(1_000)).as("a range that outlasts the reservation time")
                .isEqualTo(5_000 * MICROS);
        assertThat(lead.nanosWhileReserving(0)).as("never a busy loop").isEqualTo(PrefetchLead.MIN_CHECK_NANOS);
    }

    @Test
    void withThePaceUnknownACheckWhileReservingWaitsTheReservationTime() {
        PrefetchLead lead = new PrefetchLead();
        lead.reserved(700 * MICROS);

        assertThat(lead.nanosWhileReserving(3)).isEqualTo(700 * MICROS);
    }

    @Test
    void aRangeThatLastsLessThanFourLeadsTakesTheFewestWholeBatchesThatDo() {
        PrefetchLead lead = new PrefetchLead();
        assertThat(lead.reservationIds(50, 16)).as("pace unknown: one batch").isEqualTo(50);

        lead.reserved(70 * MICROS);
        lead.scheduled(0, 0);
        lead.checked(1_000 * MICROS, 50); // 20 µs an id: the lead is 2 ms, four leads 8 ms, 400 ids

        assertThat(lead.reservationIds(50, 16)).isEqualTo(400);
        assertThat(lead.reservationIds(30, 16)).as("the fewest whole batches: 14 of 30").isEqualTo(420);
        assertThat(lead.reservationIds(50, 4)).as("at most the allowed batches").isEqualTo(200);
        assertThat(lead.reservationIds(50, 1)).isEqualTo(50);
        assertThat(lead.reservationIds(1_000, 16)).as("a batch that lasts 20 ms").isEqualTo(1_000);
        assertThat(lead.leadIds(400)).as("reserved half a range, 4 ms, before it is needed").isEqualTo(200);
    }

    @Test
    void aSlowStoreAsksForLongerRangesAndAFastOneShorterOnlyGradually() {
        PrefetchLead lead = new PrefetchLead();
        lead.scheduled(0, 0);
        lead.checked(1_000 * MICROS, 100); // 10 µs an id
        lead.reserved(1_000 * MICROS); // the lead is four reservations: 4 ms, four leads 16 ms, 1,600 ids

        assertThat(lead.reservationIds(100, 64)).isEqualTo(1_600);
        lead.reserved(100 * MICROS);
        assertThat(lead.reservationIds(100, 64)).as("a faster reservation believed by an eighth")
                .isEqualTo(1_500);
        for (int i = 0; i < 100; i++) {
            lead.reserved(100 * MICROS);
        }
        assertThat(lead.reservationIds(100, 64)).as("down to the shortest lead: 8 ms").isEqualTo(800);
    }

    @Test
    void theReservationSizeNeverOverflows() {
        PrefetchLead lead = new PrefetchLead();
        lead.scheduled(0, 0);
        lead.checked(1, 1_000_000); // as fast as it gets: 1 ns an id
        lead.reserved(Long.MAX_VALUE / 2);

        assertThat(lead.reservationIds(Long.MAX_VALUE / 4, 16)).isEqualTo(Long.MAX_VALUE / 4);
        assertThat(lead.reservationIds(1_000, Integer.MAX_VALUE)).isEqualTo(1_000L * Integer.MAX_VALUE);
    }
}
