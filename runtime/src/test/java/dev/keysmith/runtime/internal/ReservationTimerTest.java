package dev.keysmith.runtime.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** One allocation-timeout timer per reservation, shared by all its non-blocking waiters. */
@Timeout(60)
class ReservationTimerTest {

    private final PrefetchScheduler scheduler = PrefetchScheduler.ownThread(Duration.ofSeconds(10), "timer-test");

    @AfterEach
    void close() {
        scheduler.close();
    }

    /** A waiter with a fixed deadline that records its time-out. */
    private static final class Waiting implements ReservationTimer.Waiter {
        private final long deadline;
        private final AtomicBoolean done = new AtomicBoolean();
        private final AtomicInteger timeOuts = new AtomicInteger();
        private final CountDownLatch timedOut;

        Waiting(long deadline, CountDownLatch timedOut) {
            this.deadline = deadline;
            this.timedOut = timedOut;
        }

        @Override
        public long deadlineNanos() {
            return deadline;
        }

        @Override
        public boolean isDone() {
            return done.get();
        }

        @Override
        public void timeOut() {
            timeOuts.incrementAndGet();
            done.set(true);
            timedOut.countDown();
        }
    }

    @Test
    void hundredWaitersArmOneTimerThatTimesOutThoseDueAndArmsAgainForTheRest() throws Exception {
        NextRange.Reserving reserving = NextRange.Reserving.start();
        CountDownLatch soonOnes = new CountDownLatch(100);
        long soon = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(20);
        List<Waiting> due = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            Waiting waiting = new Waiting(soon, soonOnes);
            due.add(waiting);
            reserving.timer().add(waiting, scheduler);
        }
        Waiting late = new Waiting(System.nanoTime() + TimeUnit.MINUTES.toNanos(10), new CountDownLatch(1));
        reserving.timer().add(late, scheduler);
        Waiting alreadyDone = new Waiting(soon, new CountDownLatch(1));
        alreadyDone.done.set(true); // had its id (or was cancelled) before the timer fired
        reserving.timer().add(alreadyDone, scheduler);

        assertThat(reserving.timer().timersArmed()).as("one timer for 102 waiters").isEqualTo(1);
        assertThat(soonOnes.await(30, TimeUnit.SECONDS)).isTrue();
        assertThat(due).allSatisfy(waiting -> assertThat(waiting.timeOuts).hasValue(1));
        assertThat(alreadyDone.timeOuts).as("a waiter that is done is left alone").hasValue(0);
        assertThat(late.timeOuts).as("not before its own deadline").hasValue(0);
        waitUntil(() -> reserving.timer().timersArmed() == 2); // again, for the late waiter's deadline

        reserving.settled().complete(null); // the reservation's outcome resumes the late waiter: no time-out
        assertThat(late.timeOuts).hasValue(0);
    }

    @Test
    void aTimerFiringAfterTheReservationSettledTimesOutNobody() throws Exception {
        NextRange.Reserving reserving = NextRange.Reserving.start();
        CountDownLatch never = new CountDownLatch(1);
        Waiting waiting = new Waiting(System.nanoTime(), never); // due at once
        reserving.settled().complete(null); // settled first: the waiter was resumed, and is timed by its next wait
        reserving.timer().add(waiting, scheduler);

        assertThat(never.await(200, TimeUnit.MILLISECONDS)).isFalse();
        assertThat(waiting.timeOuts).hasValue(0);
        assertThat(reserving.timer().timersArmed()).isEqualTo(1);
    }

    private static void waitUntil(java.util.function.BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!condition.getAsBoolean()) {
            assertThat(System.nanoTime() - deadline).as("waited 30 s").isNegative();
            Thread.sleep(5);
        }
    }
}
