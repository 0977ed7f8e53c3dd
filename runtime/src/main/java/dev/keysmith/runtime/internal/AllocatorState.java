package dev.keysmith.runtime.internal;

import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * All a sequence allocator decides from, as one value, and the one function that decides ({@link #decide}).
 * {@code current} is the range being handed out (its ids claimed by its cursor, before any decision); {@code next} is
 * what follows it. Every change is a compare-and-set of a whole new value: a caller that loses the race decides again.
 *
 * <p>Immutable (but for the current range's cursor, and a {@link Reserving}, which settles once).
 */
public record AllocatorState(IdRange current, Next next) {

    /** Before the first reservation. */
    public static final AllocatorState INITIAL = new AllocatorState(IdRange.EMPTY, new None());

    /** What follows the range being handed out. */
    public sealed interface Next permits None, Reserving, Ready, Failed, Exhausted, Closed {}

    /** Nothing reserved and nothing under way. */
    public record None() implements Next {}

    /** A reserved range {@code [first, last]}, not yet handed out. */
    public record Ready(long first, long last) implements Next {

        public long size() {
            return last - first + 1;
        }
    }

    /** The last reservation failed at {@code atNanos}; nobody tries again before {@code retryAtNanos}. */
    public record Failed(String counter, Throwable cause, long atNanos, long retryAtNanos) implements Next {}

    /** Every counter is used up. */
    public record Exhausted() implements Next {}

    public record Closed() implements Next {}

    /** An id, waiting or reserving if need be ({@code next()}); an id only if one is at hand; a range ahead. */
    public enum Want { ID, ID_NOW, PREFETCH }

    /**
     * Claim ids of {@code current}; install the {@link Ready} range in place of the used-up {@code current}; wait for
     * the {@link Reserving} one; swap in a {@link Reserving} of one's own and reserve; fail with what {@code next} says.
     */
    public enum Action { TAKE, INSTALL, WAIT, RESERVE, FAIL, NOTHING }

    /**
     * The decision. A caller that waited for a reservation (from {@code waitedSinceNanos} on) takes its failure as
     * its own; any other fails fast with a failure only during the back-off, and then reserves again.
     */
    public Action decide(Want want, long nowNanos, boolean waited, long waitedSinceNanos) {
        if (next instanceof Closed) {
            return want == Want.PREFETCH ? Action.NOTHING : Action.FAIL;
        } else if (want != Want.PREFETCH && current.left() > 0) {
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
     * A reservation in flight (one instance each, compared by identity). {@link #settled()} completes, always
     * normally, once its outcome is in the state: blocking waiters wake from a bounded {@code get}, non-blocking ones
     * are its continuations. These share one allocation-timeout timer, armed for the first one's deadline; when it
     * fires, it times out those past their deadline and arms again for the earliest left.
     */
    public static final class Reserving implements Next {

        private final CompletableFuture<Void> settled = new CompletableFuture<>();
        private final Queue<Take.Async> waiters = new ConcurrentLinkedQueue<>();
        private final AtomicBoolean armed = new AtomicBoolean();

        public CompletableFuture<Void> settled() {
            return settled;
        }

        /** Adds a non-blocking waiter, arming the timer if none is; throws RejectedExecutionException if it must. */
        void await(Take.Async waiter, AllocatorCore core) {
            waiters.add(waiter);
            if (armed.compareAndSet(false, true)) {
                arm(waiter.deadlineNanos(), core);
            }
        }

        private void arm(long deadline, AllocatorCore core) {
            var timer = core.scheduler.timeout(() -> expire(core), Math.max(0, deadline - core.now()));
            settled.whenComplete((done, never) -> timer.cancel(false));
        }

        /** Disarms first, so that a waiter added during the scan either is seen by it or arms a timer itself. */
        private void expire(AllocatorCore core) {
            if (settled.isDone()) {
                return;
            }
            armed.set(false);
            long now = core.now();
            Long earliest = null;
            for (var each = waiters.iterator(); each.hasNext(); ) {
                Take.Async waiter = each.next();
                if (!waiter.withdrawn() && waiter.deadlineNanos() - now <= 0) {
                    waiter.timeOut();
                }
                if (waiter.withdrawn()) {
                    each.remove();
                } else if (earliest == null || waiter.deadlineNanos() - earliest < 0) {
                    earliest = waiter.deadlineNanos();
                }
            }
            try {
                if (earliest != null && armed.compareAndSet(false, true)) {
                    arm(earliest, core);
                }
            } catch (RejectedExecutionException closed) {
                // the scheduler closes with the allocators, whose close settles the flight
            }
        }
    }
}
