package dev.keysmith.runtime.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keysmith.runtime.internal.PrefetchScheduler.Prefetch;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The prefetcher's checks, called here on the test's thread (the scheduler's thread calls them in an application):
 * how many ids the reservations take as the sequence is used and idles.
 */
class PrefetcherTest {

    private final FakeSequence sequence = new FakeSequence();

    @Test
    void aFastSequenceGrowsItsReservationsOneDoublingPerReservationAndAfterIdlingTakesOneBatch() {
        try (PrefetchScheduler unused = PrefetchScheduler.ownThread(Duration.ofSeconds(1), "prefetcher-test")) {
            Prefetcher prefetcher = new Prefetcher(sequence, unused, 10, 16);

            prefetcher.check(); // enters the schedule: no pace yet
            sequence.handedOut += 100_000; // far faster than 10 ids per 8 ms, whatever this host's clock says
            prefetcher.check();
            assertThat(sequence.sizes).as("a burst is not a pace: no reservation made at one batch yet").isEmpty();
            for (int i = 0; i < 5; i++) {
                sequence.reservations++;
                sequence.handedOut += 100_000;
                prefetcher.check();
            }
            assertThat(sequence.sizes).as("one doubling per reservation, up to 16 batches")
                    .containsExactly(20L, 40L, 80L, 160L);

            long checks = 0;
            while (prefetcher.check() != Prefetch.LEAVE) { // no id taken: idle after a few checks
                checks++;
            }
            assertThat(checks).isEqualTo(PrefetchLead.IDLE_CHECKS - 1);
            assertThat(sequence.sizes).as("idle: one batch again").endsWith(160L, 10L);

            prefetcher.check(); // entered again by a caller; the pace learnt before is kept for the lead
            sequence.handedOut += 100_000;
            prefetcher.check();
            assertThat(sequence.sizes).as("not before a reservation at one batch").endsWith(160L, 10L);
            sequence.reservations++;
            prefetcher.check();
            assertThat(sequence.sizes).endsWith(160L, 10L, 20L);
        }
    }

    @Test
    void withOneBatchAllowedTheSizeNeverChanges() {
        try (PrefetchScheduler unused = PrefetchScheduler.ownThread(Duration.ofSeconds(1), "prefetcher-test")) {
            Prefetcher prefetcher = new Prefetcher(sequence, unused, 10, 1);

            for (int i = 0; i < 5; i++) {
                sequence.reservations++;
                sequence.handedOut += 100_000;
                prefetcher.check();
            }
            assertThat(sequence.sizes).isEmpty();
        }
    }

    /** A sequence that records the reservation sizes it is told, and never reserves. */
    private static final class FakeSequence implements Prefetcher.Sequence {

        final List<Long> sizes = new ArrayList<>();
        long handedOut;
        long reservations;

        @Override
        public long handedOut() {
            return handedOut;
        }

        @Override
        public long idsLeft() {
            return 1_000_000; // never due for a reservation
        }

        @Override
        public NextRange nextRange() {
            return NextRange.NONE;
        }

        @Override
        public boolean ended() {
            return false;
        }

        @Override
        public void reservationIds(long ids) {
            sizes.add(ids);
        }

        @Override
        public long reservations() {
            return reservations;
        }

        @Override
        public long lastReservationNanos() {
            return 0;
        }

        @Override
        public boolean startPrefetch() {
            throw new AssertionError("no reservation is due");
        }
    }
}
