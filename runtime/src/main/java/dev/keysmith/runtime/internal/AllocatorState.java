package dev.keysmith.runtime.internal;

import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.LongSupplier;

/**
 * All a sequence allocator decides from, as one value, and the one function that decides ({@link #decide}).
 *
 * <p>{@code current} is the range being handed out, whose ids are claimed by its cursor (the fast path, before any
 * decision); {@code next} is what follows it: nothing, a reservation in flight, a reserved range, the last failure, the
 * end of the id space, or the close. Every change is a compare-and-set of a whole new value, so a caller that loses a
 * race reads the state again and decides again.
 *
 * <p>Immutable (but for the current range's cursor, and a {@link Reserving}, which settles once).
 */
public record AllocatorState(IdRange current, Next next) {

    /** Before the first reservation. */
    public static final AllocatorState INITIAL = new AllocatorState(IdRange.EMPTY, new None());

    /** What follows the range being handed out. */
    public sealed interface Next permits None, Reserving, Ready, Failed, Exhausted, Closed {
    }

    /** Nothing reserved and nothing under way. */
    public record None() implements Next {
    }

    /** A reserved range {@code [first, last]}, not yet handed out. */
    public record Ready(long first, long last) implements Next {

        public long size() {
            return last - first + 1;
        }
    }

    /** The last reservation failed at {@code atNanos}; nobody tries again before {@code retryAtNanos}. */
    public record Failed(String counter, Throwable cause, long atNanos, long retryAtNanos) implements Next {
    }

    /** Every counter is used up. */
    public record Exhausted() implements Next {
    }

    /** The allocator is closed. */
    public record Closed() implements Next {
    }

    /** What a caller wants: an id, waiting or reserving if need be; an id only if one is at hand; a range ahead. */
    public enum Want { ID, ID_NOW, PREFETCH }

    /**
     * What the caller does: claim ids of {@code current}; install the {@link Ready} range in place of the used-up
     * {@code current}; wait for the {@link Reserving} one; swap in a {@link Reserving} of its own and reserve; fail with
     * what {@code next} says; nothing. One that finds the state changed meanwhile decides again.
     */
    public enum Action { TAKE, INSTALL, WAIT, RESERVE, FAIL, NOTHING }

    /**
     * The decision. A caller that waited for a reservation (from {@code waitedSinceNanos} on) takes its failure as
     * its own; any other fails fast with a failure only during the back-off, and then reserves again.
     */
    public Action decide(Want want, long nowNanos, boolean waited, long waitedSinceNanos) {
        if (next instanceof Closed) {
            return want == Want.PREFETCH ? Action.NOTHING : Action.FAIL;
        } else if (want != Want.PREFETCH && !current.isUsedUp()) {
            return Action.TAKE;
        } else if (next instanceof Ready) {
            return want == Want.PREFETCH ? Action.NOTHING : Action.INSTALL;
        } else if (next instanceof Reserving) {
            return want == Want.ID ? Action.WAIT : Action.NOTHING;
        } else if (next instanceof Exhausted || next instanceof Failed failed && (nowNanos - failed.retryAtNanos() < 0
                || waited && failed.atNanos() - waitedSinceNanos >= 0)) {
            return want == Want.PREFETCH ? Action.NOTHING : Action.FAIL;
        }
        return want == Want.ID_NOW ? Action.NOTHING : Action.RESERVE;
    }

    public AllocatorState with(Next replacement) {
        return new AllocatorState(current, replacement);
    }

    /**
     * A reservation in flight (one instance each, compared by identity) and its waiters. {@link #settled()}
     * completes, always normally, once the outcome is in the state: blocking waiters wake from a bounded {@code get},
     * non-blocking ones are its continuations. These share one allocation-timeout timer: the first arms it for its
     * deadline; when it fires first, it times out the waiters past their deadline and arms again for the earliest left.
     */
    public static final class Reserving implements Next {

        /** A non-blocking waiter. */
        public interface Waiter {

            /** Its deadline, on the allocator's clock. */
            long deadlineNanos();

            /** Whether it has its outcome (an id, a failure, a cancellation). */
            boolean isDone();

            void timeOut();
        }

        private final CompletableFuture<Void> settled = new CompletableFuture<>();
        private final Queue<Waiter> waiters = new ConcurrentLinkedQueue<>();
        private final AtomicBoolean armed = new AtomicBoolean();

        public CompletableFuture<Void> settled() {
            return settled;
        }

        /**
         * Adds a non-blocking waiter; arms the timer if none is.
         *
         * @throws RejectedExecutionException if the timer had to be armed and the scheduler is closed
         */
        public void await(Waiter waiter, PrefetchScheduler scheduler, LongSupplier clock) {
            waiters.add(waiter);
            if (armed.compareAndSet(false, true)) {
                arm(waiter.deadlineNanos(), scheduler, clock);
            }
        }

        private void arm(long deadline, PrefetchScheduler scheduler, LongSupplier clock) {
            var timer = scheduler.timeout(() -> expire(scheduler, clock), Math.max(0, deadline - clock.getAsLong()));
            settled.whenComplete((done, never) -> timer.cancel(false));
        }

        private void expire(PrefetchScheduler scheduler, LongSupplier clock) {
            Long next = settled.isDone() ? null : timeOutExpired(clock.getAsLong());
            if (next == null && !settled.isDone()) {
                armed.set(false);
                next = timeOutExpired(clock.getAsLong()); // one that came during the scan saw the timer armed
                next = next != null && armed.compareAndSet(false, true) ? next : null;
            }
            try {
                if (next != null) {
                    arm(next, scheduler, clock);
                }
            } catch (RejectedExecutionException closed) {
                // the scheduler closes with the allocators, whose close settles the flight
            }
        }

        /** Times out the waiters past their deadline, drops those done; the earliest deadline left, or null. */
        private Long timeOutExpired(long now) {
            Long earliest = null;
            for (var each = waiters.iterator(); each.hasNext(); ) {
                Waiter waiter = each.next();
                if (!waiter.isDone() && waiter.deadlineNanos() - now <= 0) {
                    waiter.timeOut();
                }
                if (waiter.isDone()) {
                    each.remove();
                } else if (earliest == null || waiter.deadlineNanos() - earliest < 0) {
                    earliest = waiter.deadlineNanos();
                }
            }
            return earliest;
        }
    }
}
