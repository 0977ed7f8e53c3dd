package dev.keysmith.runtime.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;

class SystemSecondsTest {

    private static final long NOT_A_SAMPLE = 1;

    @Test
    void fewIdsReadTheWallClockAndStartNoThread() {
        SystemSeconds clock = new SystemSeconds(1);
        long before = SystemSeconds.wallClockSeconds();

        long now = clock.now(NOT_A_SAMPLE);

        assertThat(now).isBetween(before, SystemSeconds.wallClockSeconds());
        assertThat(clock.publishing()).isFalse();
    }

    @Test
    void theSampledIdStartsTheThreadWhoseSecondIsNeverAheadOfTheWallClock() throws InterruptedException {
        SystemSeconds clock = new SystemSeconds(60);
        long before = SystemSeconds.wallClockSeconds();

        assertThat(clock.now(SystemSeconds.SAMPLE_EVERY)).isBetween(before, SystemSeconds.wallClockSeconds());
        awaitTrue(clock::publishing);

        for (int i = 0; i < 1000; i++) {
            long published = clock.now(NOT_A_SAMPLE);
            assertThat(published).isBetween(before, SystemSeconds.wallClockSeconds());
        }
        assertThat(Thread.getAllStackTraces().keySet())
                .filteredOn(thread -> thread.getName().equals("keysmith-clock"))
                .isNotEmpty()
                .allMatch(Thread::isDaemon);
    }

    @Test
    void theThreadEndsWhenNobodyAsksAndTheNextSampleStartsItAgain() throws InterruptedException {
        SystemSeconds clock = new SystemSeconds(1);
        clock.now(0);
        awaitTrue(clock::publishing);

        awaitTrue(() -> !clock.publishing());
        long before = SystemSeconds.wallClockSeconds();
        assertThat(clock.now(NOT_A_SAMPLE)).isBetween(before, SystemSeconds.wallClockSeconds());
        assertThat(clock.publishing()).isFalse();

        clock.now(2L * SystemSeconds.SAMPLE_EVERY);
        awaitTrue(clock::publishing);
    }

    @Test
    void refusesAnIdleTimeBelowOneSecond() {
        assertThatThrownBy(() -> new SystemSeconds(0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("idleSeconds must be at least 1, not 0");
    }

    /** Waits up to 30 s for the condition (the thread wakes once a second); fails if it never holds. */
    private static void awaitTrue(BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (!condition.getAsBoolean()) {
            assertThat(System.nanoTime()).as("condition still false after 30 s").isLessThan(deadline);
            Thread.sleep(10);
        }
    }
}
