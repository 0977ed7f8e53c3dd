package dev.keysmith.runtime.internal;

import java.util.Iterator;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The non-blocking callers waiting for one reservation, and the one allocation-timeout timer they share: a caller
 * that starts waiting joins a lock-free queue (a compare-and-set), and only the first arms a timer on the scheduler
 * (whose queue takes a lock), for its own deadline. When the timer fires while the reservation is still in flight,
 * it fails the waiters whose deadline has passed and arms itself again for the earliest deadline left; once the
 * reservation settles, its waiters are resumed by the reservation's future, the timer is cancelled, and a waiter
 * that goes on to wait for the next reservation is timed by that one's timer (its deadline does not move).
 *
 * <p>Thread-safe.
 */
public final class ReservationTimer {

    /** A non-blocking caller waiting for the reservation. */
    public interface Waiter {

        /** When it must have its outcome at the latest ({@code System.nanoTime()}). */
        long deadlineNanos();

        /** Whether it has its outcome already (an id, a failure, a cancellation). */
        boolean isDone();

        /** Its deadline has passed: fail it with the allocation timeout. */
        void timeOut();
    }

    private final CompletableFuture<Void> settled;
    private final Queue<Waiter> waiters = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean armed = new AtomicBoolean();
    private final AtomicInteger timersArmed = new AtomicInteger();

    ReservationTimer(CompletableFuture<Void> settled) {
        this.settled = settled;
    }

    /**
     * Adds {@code waiter}; arms the timer, on {@code scheduler}, if none is armed.
     *
     * @throws RejectedExecutionException if the timer had to be armed and the scheduler is closed
     */
    public void add(Waiter waiter, PrefetchScheduler scheduler) {
        waiters.add(waiter);
        if (armed.compareAndSet(false, true)) {
            arm(waiter.deadlineNanos(), scheduler);
        }
    }

    /** How many times a timer was armed for this reservation: once, plus once per deadline still ahead when it fired. */
    public int timersArmed() {
        return timersArmed.get();
    }

    private void arm(long deadlineNanos, PrefetchScheduler scheduler) {
        timersArmed.incrementAndGet();
        Future<?> timer = scheduler.timeout(() -> expire(scheduler), Math.max(0, deadlineNanos - System.nanoTime()));
        settled.whenComplete((done, never) -> timer.cancel(false));
    }

    /** On the scheduler's thread: times out the waiters past their deadline, and arms again for the others. */
    private void expire(PrefetchScheduler scheduler) {
        if (settled.isDone()) {
            return; // its waiters were resumed; those that wait again are timed by their next reservation
        }
        Long next = timeOutExpired();
        if (next == null) {
            armed.set(false);
            // a waiter that joined during the scan may have found the timer still armed: look once more
            next = timeOutExpired();
            if (next == null || !armed.compareAndSet(false, true)) {
                return;
            }
        }
        try {
            arm(next, scheduler);
        } catch (RejectedExecutionException closed) {
            // the scheduler closes with the allocators, whose close settles the reservation and wakes its waiters
        }
    }

    /** Drops the waiters that are done, times out those past their deadline; the earliest deadline left, or null. */
    private Long timeOutExpired() {
        long now = System.nanoTime();
        Long earliest = null;
        for (Iterator<Waiter> each = waiters.iterator(); each.hasNext(); ) {
            Waiter waiter = each.next();
            long deadline = waiter.deadlineNanos();
            if (!waiter.isDone() && deadline - now <= 0) {
                waiter.timeOut();
            }
            if (waiter.isDone()) {
                each.remove();
            } else if (earliest == null || deadline - earliest < 0) {
                earliest = deadline;
            }
        }
        return earliest;
    }
}
