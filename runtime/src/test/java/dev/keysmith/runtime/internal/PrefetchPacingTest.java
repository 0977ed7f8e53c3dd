package dev.keysmith.runtime.internal;

import static dev.keysmith.runtime.internal.PrefetchPacing.UNKNOWN;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class PrefetchPacingTest {

    private final PrefetchPacing pacing = new PrefetchPacing(50_000, 50_000_000, 200_000, 30_000_000_000L);

    @Test
    void theFirstIdsSeenGiveTheEstimate() {
        assertThat(PrefetchPacing.nextEstimate(UNKNOWN, 1_000_000, 50, 0)).isEqualTo(20_000);
    }

    @Test
    void aFasterPaceIsBelievedAtOnce() {
        assertThat(PrefetchPacing.nextEstimate(20_000, 100_000, 20, 0)).isEqualTo(5_000);
    }

    @Test
    void aSlowerPaceIsBelievedGraduallyAndAtMostDoublesTheEstimate() {
        // 60 us per id against 20 us: a quarter of the way
        assertThat(PrefetchPacing.nextEstimate(20_000, 600_000, 10, 0)).isEqualTo(30_000);
        // one id after the caller was descheduled for 3 ms: no more than twice the estimate
        assertThat(PrefetchPacing.nextEstimate(20_000, 3_000_000, 1, 0)).isEqualTo(40_000);
    }

    @Test
    void aShortPauseChangesNothingAndALullDoublesTheEstimate() {
        assertThat(PrefetchPacing.nextEstimate(20_000, 300_000, 0, 300_000)).isEqualTo(20_000);
        assertThat(PrefetchPacing.nextEstimate(20_000, 400_000, 0, 20_000 * PrefetchPacing.PAUSE_FACTOR + 1))
                .isEqualTo(40_000);
        assertThat(PrefetchPacing.nextEstimate(1L << 58, 1, 0, Long.MAX_VALUE)).isEqualTo(1L << 59);
    }

    @Test
    void withNothingSeenYetAPauseBoundsThePace() {
        assertThat(PrefetchPacing.nextEstimate(UNKNOWN, 70_000, 0, 70_000)).isEqualTo(70_000);
    }

    @Test
    void aReservationIsDueAtTheHalfMarkOfTheCurrentRangeOrOfThePrefetchedOne() {
        assertThat(PrefetchPacing.idsBeforeDue(1000, 1000, 0, UNKNOWN, UNKNOWN)).isEqualTo(500);
        assertThat(PrefetchPacing.idsBeforeDue(501, 1000, 0, UNKNOWN, UNKNOWN)).isEqualTo(1);
        assertThat(PrefetchPacing.idsBeforeDue(500, 1000, 0, UNKNOWN, UNKNOWN)).isZero();
        assertThat(PrefetchPacing.idsBeforeDue(3, 1000, 0, UNKNOWN, UNKNOWN)).isZero();
        assertThat(PrefetchPacing.idsBeforeDue(7, 7, 0, UNKNOWN, UNKNOWN)).isEqualTo(4); // due with 3 left: 3 * 2 <= 7
        assertThat(PrefetchPacing.idsBeforeDue(100, 1000, 1000, UNKNOWN, UNKNOWN)).isEqualTo(600);
        assertThat(PrefetchPacing.idsBeforeDue(0, 1000, 7, UNKNOWN, UNKNOWN)).isEqualTo(4);
        // a store far faster than half a range changes nothing: 20 us per id, 100 us per reservation
        assertThat(PrefetchPacing.idsBeforeDue(1000, 1000, 0, 20_000, 100_000)).isEqualTo(500);
    }

    @Test
    void aStoreSlowAgainstThePaceMakesTheReservationDueEarlier() {
        // 20 us per id, 400 us per reservation: keep two reservations' worth, 41 ids of a range of 50
        assertThat(PrefetchPacing.idsToKeep(50, 20_000, 400_000)).isEqualTo(41);
        assertThat(PrefetchPacing.idsBeforeDue(50, 50, 0, 20_000, 400_000)).isEqualTo(9);
        assertThat(PrefetchPacing.idsBeforeDue(10, 50, 50, 20_000, 400_000)).isEqualTo(19);
        // slower still: at once, never more than the whole range
        assertThat(PrefetchPacing.idsToKeep(50, 20_000, 5_000_000)).isEqualTo(50);
        assertThat(PrefetchPacing.idsBeforeDue(50, 50, 0, 20_000, 5_000_000)).isZero();
        assertThat(PrefetchPacing.idsToKeep(50, 1, Long.MAX_VALUE)).isEqualTo(50);
        assertThat(PrefetchPacing.idsToKeep(50, UNKNOWN, 400_000)).isEqualTo(25);
    }

    @Test
    void theReservationTimeLeansToTheSlowOnes() {
        assertThat(PrefetchPacing.nextReserveEstimate(UNKNOWN, 100_000)).isEqualTo(100_000);
        assertThat(PrefetchPacing.nextReserveEstimate(100_000, 900_000)).isEqualTo(900_000);
        assertThat(PrefetchPacing.nextReserveEstimate(900_000, 100_000)).isEqualTo(800_000);
    }

    @Test
    void reservesAtTheHalfMarkOrWhenItIsExpectedWithinTheLead() {
        assertThat(pacing.reserveNow(0, UNKNOWN)).isTrue();
        assertThat(pacing.reserveNow(1, UNKNOWN)).isFalse();
        assertThat(pacing.reserveNow(10, 20_000)).isTrue(); // 200 us ahead
        assertThat(pacing.reserveNow(11, 20_000)).isFalse();
        assertThat(pacing.reserveNow(Long.MAX_VALUE, Long.MAX_VALUE)).isFalse();
    }

    @Test
    void parksHalfTheTimeUntilDueWithinTheBounds() {
        assertThat(pacing.parkNanos(500, 20_000)).isEqualTo(5_000_000);
        assertThat(pacing.parkNanos(4, 20_000)).isEqualTo(50_000);
        assertThat(pacing.parkNanos(500, 1_000_000)).isEqualTo(50_000_000);
        assertThat(pacing.parkNanos(6, 20_000)).isEqualTo(60_000);
        assertThat(pacing.parkNanos(Long.MAX_VALUE, Long.MAX_VALUE)).isEqualTo(50_000_000);
        assertThat(pacing.parkNanos(500, UNKNOWN)).isEqualTo(50_000);
    }

    @Test
    void rejectsBoundsThatCannotBeMet() {
        assertThatThrownBy(() -> new PrefetchPacing(0, 1, 0, 1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("0 < minPoll <= maxPoll");
        assertThatThrownBy(() -> new PrefetchPacing(10, 5, 0, 1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new PrefetchPacing(1, 5, -1, 1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new PrefetchPacing(1, 5, 0, 0)).isInstanceOf(IllegalArgumentException.class);
    }
}
