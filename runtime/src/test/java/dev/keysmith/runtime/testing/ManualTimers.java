package dev.keysmith.runtime.testing;

import dev.keysmith.runtime.internal.PrefetchScheduler;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * A {@link PrefetchScheduler} whose tasks only the test runs ({@link #runNext()}), in the order of their delays, at
 * whatever time the test's clock says. Its pool thread ignores the pool's worker and ends at once, so no thread ever
 * takes a task from the queue: what the queue holds is exactly what was scheduled and not yet run by the test.
 *
 * <p>(Overriding {@code Thread.start()} does not do this: from Java 21 the pool starts its threads through the
 * thread's container, past that method, and a real worker raced the test for the tasks.)
 */
public final class ManualTimers implements AutoCloseable {

    private final PrefetchScheduler scheduler = PrefetchScheduler.ownThread(Duration.ofDays(1),
            worker -> new Thread(() -> { }, "manual-timers-idle"));
    private long lastRunStarted;

    public PrefetchScheduler scheduler() {
        return scheduler;
    }

    /** The tasks scheduled and not yet run (a cancelled one stays queued until run: the pool keeps it). */
    public int queued() {
        return scheduler.getQueue().size();
    }

    /**
     * Bounds of the delay the earliest queued task was scheduled with during the last {@link #runNext()}: the pool
     * only tells what is left of it on the real clock, and at most the time since that run started has passed since.
     * The delay the test expects lies between the two however loaded the machine is.
     */
    public long[] nextDelayBoundsNanos() {
        long left = ((ScheduledFuture<?>) queue().peek()).getDelay(TimeUnit.NANOSECONDS);
        return new long[] {left, left + (System.nanoTime() - lastRunStarted)};
    }

    /** Runs the earliest queued task on this thread, due or not; fails when none is queued. */
    public void runNext() {
        lastRunStarted = System.nanoTime();
        Runnable task = queue().peek();
        if (task == null || !queue().remove(task)) {
            throw new AssertionError("no task queued");
        }
        task.run();
    }

    private BlockingQueue<Runnable> queue() {
        return scheduler.getQueue();
    }

    @Override
    public void close() {
        scheduler.close();
    }
}
