package dev.keysmith.runtime.internal;

import dev.keysmith.runtime.CounterStore;
import dev.keysmith.runtime.internal.AllocatorState.Reserving;
import dev.keysmith.runtime.internal.AllocatorState.Want;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.RejectedExecutionException;

/**
 * A call that needs ids the range in hand lacks: the one loop over {@link AllocatorState#decide} that
 * {@code next()}, {@code next(CounterStore)}, the bulk take and ({@link Async}) {@code nextAsync()} share. This one
 * waits on the caller's thread; {@link Async} is resumed by each flight it waits for, one thread at a time.
 *
 * <p>Not thread-safe: one call's, run by one thread at a time.
 */
public class Take {

    final AllocatorCore core;
    final long[] ids;
    private final CounterStore inline;
    private int got;
    boolean waited;
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
                    if (mine != null && !await(mine, true)) { // waits from before it starts: its failure is ours
                        core.reserve(mine, null, false);
                        return false;
                    } else if (mine != null) {
                        core.reserve(mine, inline, true);
                    }
                }
                default -> throw new IllegalStateException("nothing to do in " + now);
            }
        }
        return true;
    }

    /** Waits for {@code flight} (one's {@code own} only once reserved, on this thread) or registers to be resumed. */
    boolean await(Reserving flight, boolean own) {
        if (!waited) {
            waited = true;
            waitedSince = core.now();
        }
        if (!own) {
            core.await(flight, waitedSince);
        }
        return true;
    }

    void fail(RuntimeException failure) {
        throw failure;
    }

    boolean withdrawn() {
        return false;
    }

    /** The take of one id that never blocks: its waits are continuations of the flights, which time them out. */
    public static final class Async extends Take implements Reserving.Waiter {

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

        @Override
        boolean await(Reserving flight, boolean own) {
            super.await(flight, true);
            try {
                flight.await(this, core.scheduler, core::now);
            } catch (RejectedExecutionException closing) {
                // the scheduler closes after the allocators: the close settles the flight, and the loop finds it
            }
            flight.settled().whenComplete(this::resume);
            return false;
        }

        @Override
        void fail(RuntimeException failure) {
            result.completeExceptionally(failure);
        }

        @Override
        boolean withdrawn() {
            return result.isDone();
        }

        @Override
        public long deadlineNanos() {
            return waitedSince + core.allocationTimeoutNanos;
        }

        @Override
        public boolean isDone() {
            return result.isDone();
        }

        @Override
        public void timeOut() {
            result.completeExceptionally(core.timedOut());
        }
    }
}
