package dev.keysmith.runtime.internal;

import dev.keysmith.runtime.CounterStore;
import dev.keysmith.runtime.IdAllocationException;
import dev.keysmith.runtime.internal.AllocatorState.Reserving;
import dev.keysmith.runtime.internal.AllocatorState.Want;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A call that needs ids the range in hand lacks: the one loop over {@link AllocatorState#decide} that
 * {@code next()}, {@code next(CounterStore)}, the bulk take and ({@link Async}) {@code nextAsync()} share, and how
 * they wait: for a flight's {@link Reserving#settled()}, this one on the caller's thread (bounded by its own timeout),
 * {@link Async} as its continuation (resumed by each flight it waits for, one thread at a time), timed out by the one
 * timer the flight's non-blocking waiters share.
 *
 * <p>Not thread-safe: one call's, run by one thread at a time.
 */
public class Take {

    final AllocatorCore core;
    final long[] ids;
    private final CounterStore inline;
    private int got;
    private boolean waited;
    long waitedSince;

    /** @param inline the store to reserve through on the caller's thread, or null for the allocator's */
    public Take(AllocatorCore core, int count, CounterStore inline) {
        this.core = core;
        this.ids = new long[count];
        this.inline = inline;
    }

    /** The ids, or the failure thrown. */
    public long[] ids() {
        run();
        return ids;
    }

    /** Decides and acts until every id is taken or the call failed (true), or it waits to be resumed (false). */
    final boolean run() {
        while (got < ids.length && !withdrawn()) {
            AllocatorState now = core.state();
            switch (now.decide(Want.ID, core.now(), waited, waitedSince)) {
                case TAKE -> got += now.current().takeInto(ids, got);
                case INSTALL -> core.install(now);
                case FAIL -> fail(core.failure(now, waited, waitedSince));
                case WAIT -> {
                    if (!waited) {
                        core.waits.increment();
                    }
                    if (!await((Reserving) now.next(), false)) {
                        return false;
                    }
                }
                case RESERVE -> {
                    Reserving mine = core.begin(now);
                    if (mine != null) {
                        boolean here = await(mine, true); // waits from before it starts: its failure is ours
                        core.reserve(mine, inline, here);
                        if (!here) {
                            return false;
                        }
                    }
                }
                default -> throw new IllegalStateException("nothing to do in " + now);
            }
        }
        return true;
    }

    /**
     * Waits on this thread for {@code flight} (not for one's {@code own}, whose store call runs here), at most the
     * allocation timeout from the first wait; true. {@link Async} registers to be resumed by it instead: false.
     */
    boolean await(Reserving flight, boolean own) {
        if (!waited) {
            waited = true;
            waitedSince = core.now();
        }
        if (own) {
            return true;
        }
        try {
            long left = waitedSince + core.allocationTimeoutNanos - core.now();
            if (left <= 0) {
                throw new TimeoutException();
            }
            flight.settled().get(left, TimeUnit.NANOSECONDS);
            return true;
        } catch (TimeoutException e) {
            throw core.timedOut();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IdAllocationException(core.name(), null, "interrupted while waiting for a range of sequence '"
                    + core.name() + "'", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException(e); // never: a flight settles normally
        }
    }

    void fail(RuntimeException failure) {
        throw failure;
    }

    boolean withdrawn() {
        return false;
    }

    /** The take of one id that never blocks: its waits are continuations of the flights, which time them out. */
    public static final class Async extends Take {

        private final CompletableFuture<Long> result = new CompletableFuture<>();
        private final Runnable tookId;

        public Async(AllocatorCore core, Runnable tookId) {
            super(core, 1, null);
            this.tookId = tookId;
        }

        /** Starts the take: the future of its id. */
        public CompletableFuture<Long> start() {
            resume(null, null);
            return result;
        }

        private void resume(Void settled, Throwable never) {
            if (run() && !result.isDone() && result.complete(ids[0])) { // else cancelled: the id is a gap
                tookId.run();
            }
        }

        /**
         * Registers to be resumed by {@code flight}, and to be timed out by the one timer its non-blocking waiters
         * share, arming it if it is not (for this one's deadline; when it fires, it arms again for the earliest left).
         */
        @Override
        boolean await(Reserving flight, boolean own) {
            super.await(flight, true);
            flight.waiters.add(this);
            if (flight.armed.compareAndSet(false, true)) {
                arm(flight);
            }
            flight.settled().whenComplete(this::resume);
            return false;
        }

        private void arm(Reserving flight) {
            try {
                var timer = core.scheduler.timeout(() -> expire(flight), Math.max(0, deadlineNanos() - core.now()));
                flight.settled().whenComplete((done, never) -> timer.cancel(false));
            } catch (RejectedExecutionException closing) {
                // the scheduler closes after the allocators: the close settles the flight, and the loop finds it
            }
        }

        /** Disarms first, so that a waiter added during the scan either is seen by it or arms the timer itself. */
        private void expire(Reserving flight) {
            if (flight.settled().isDone()) {
                return;
            }
            flight.armed.set(false);
            long now = core.now();
            Async earliest = null;
            for (var each = flight.waiters.iterator(); each.hasNext(); ) {
                Async waiter = each.next();
                if (!waiter.withdrawn() && waiter.deadlineNanos() - now <= 0) {
                    waiter.result.completeExceptionally(core.timedOut());
                }
                if (waiter.withdrawn()) {
                    each.remove();
                } else if (earliest == null || waiter.deadlineNanos() - earliest.deadlineNanos() < 0) {
                    earliest = waiter;
                }
            }
            if (earliest != null && flight.armed.compareAndSet(false, true)) {
                earliest.arm(flight);
            }
        }

        @Override
        void fail(RuntimeException failure) {
            result.completeExceptionally(failure);
        }

        @Override
        boolean withdrawn() {
            return result.isDone();
        }

        private long deadlineNanos() {
            return waitedSince + core.allocationTimeoutNanos;
        }
    }
}
