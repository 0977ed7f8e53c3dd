package dev.keysmith.runtime.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PrefetchLeadTest {

    private static final long MICROS = 1_000;

    @Test
    void withNothingLearnedTheNextRangeIsReservedAtTheHalf() {
        PrefetchLead lead = new PrefetchLead();

        assertThat(lead.installed(50, 0)).isEqualTo(25);
        assertThat(lead.installed(7, 1_000 * MICROS)).as("no reservation timed yet").isEqualTo(3);
    }

    @Test
    void aStoreThatIsFastAgainstThePaceKeepsTheHalf() {
        PrefetchLead lead = new PrefetchLead();
        lead.reserved(100 * MICROS);
        lead.installed(1000, 0);

        // 1000 ids in 20 ms: 20 µs an id; two reservations of 100 µs are 10 ids, far below the half
        assertThat(lead.installed(1000, 20_000 * MICROS)).isEqualTo(500);
    }

    @Test
    void aStoreThatIsSlowAgainstThePaceMovesThePrefetchEarlierUpToTheFirstId() {
        PrefetchLead lead = new PrefetchLead();
        lead.reserved(400 * MICROS);
        lead.installed(50, 0);

        // 50 ids in 1 ms: 20 µs an id; two reservations of 400 µs are 40 ids
        assertThat(lead.installed(50, 1_000 * MICROS)).isEqualTo(40);
        lead.reserved(2_000 * MICROS);
        assertThat(lead.installed(50, 2_000 * MICROS)).as("never later than the first id").isEqualTo(49);
    }

    @Test
    void aSlowReservationIsBelievedAtOnceAFastOneOnlyGradually() {
        PrefetchLead lead = new PrefetchLead();
        lead.installed(100, 0);
        lead.reserved(800 * MICROS);
        lead.reserved(80 * MICROS); // 800 - 720 / 8 = 710 µs

        // 100 ids in 2 ms: 20 µs an id; two reservations of 710 µs are 71 ids
        assertThat(lead.installed(100, 2_000 * MICROS)).isEqualTo(71);
    }
}
