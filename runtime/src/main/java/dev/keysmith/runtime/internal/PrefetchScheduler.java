package dev.keysmith.runtime.internal;

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The one thread of an {@code IdGenerators} (or of an allocator opened on its own) for all its background work: the
 * checks of each sequence in the schedule ({@link Prefetch}, a timed queue: each check says when the next is, or that
 * the sequence leaves), the blocking store calls a non-blocking caller needs, and the allocation timeouts of
 * non-blocking callers. The thread comes from a {@link ThreadFactory}, starts with the first task and ends after the
 * idle time with nothing queued, so that no thread runs or waits while every sequence idles.
 *
 * <p>Thread-safe.
 */
public final class PrefetchScheduler extends ScheduledThreadPoolExecutor implements AutoCloseable {

    /** A sequence's background reservations, as the scheduler's thread checks them. */
    public interface Prefetch {

        /** What {@link #check()} returns when the sequence leaves the schedule. */
        long LEAVE = -1;

        /** Starts the reservation of the next range if it is due; the nanoseconds to the next check, or LEAVE. */
        long check();

        /** The sequence is out of the schedule (a check threw); returns {@link #LEAVE}. */
        long dropped();
    }

    private static final AtomicInteger SCHEDULERS = new AtomicInteger();

    private PrefetchScheduler(Duration idleTime, ThreadFactory threads) {
        super(1, threads);
        // one thread that times out like a non-core one: it ends only after idleTime with no task queued
        setKeepAliveTime(idleTime.toNanos(), TimeUnit.NANOSECONDS);
        allowCoreThreadTimeOut(true);
        setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
        // a cancelled timeout stays queued until its time: removing it would take the queue's lock on the
        // canceller's thread, which may be a non-blocking one
        setRemoveOnCancelPolicy(false);
    }

    /** A scheduler whose thread is a daemon named {@code threadName}, or {@code keysmith-prefetch-<n>} when null. */
    public static PrefetchScheduler ownThread(Duration idleTime, String threadName) {
        // named when the thread is made: a class, not a lambda or a concatenation, bootstraps nothing at start-up
        return ownThread(idleTime, new DaemonThreads(threadName, threadName == null ? SCHEDULERS.incrementAndGet() : 0));
    }

    /** A scheduler whose thread comes from {@code threads}. */
    public static PrefetchScheduler ownThread(Duration idleTime, ThreadFactory threads) {
        return new PrefetchScheduler(idleTime, Objects.requireNonNull(threads, "threads"));
    }

    /**
     * Enters {@code prefetch} into the schedule, checked at once. Only for a sequence not in it.
     *
     * @throws RejectedExecutionException if the scheduler is closed
     */
    public void schedule(Prefetch prefetch) {
        execute(new Check(Objects.requireNonNull(prefetch, "prefetch")));
    }

    /** Runs {@code onTimeout} in {@code nanos} unless cancelled (a compare-and-set, never the queue's lock). */
    public Future<?> timeout(Runnable onTimeout, long nanos) {
        return schedule(onTimeout, nanos, TimeUnit.NANOSECONDS);
    }

    /** Ends the thread: a task under way finishes, the queued ones are dropped. */
    @Override
    public void close() {
        shutdown();
    }

    /** One sequence's checks: each schedules the next while the sequence stays. */
    private final class Check implements Runnable {

        private final Prefetch prefetch;

        Check(Prefetch prefetch) {
            this.prefetch = prefetch;
        }

        @Override
        public void run() {
            long next;
            try {
                next = prefetch.check();
            } catch (RuntimeException | Error e) {
                prefetch.dropped();
                // the pool keeps what a task throws in a Future nobody reads: say it here or never
                System.getLogger("dev.keysmith.runtime.SequenceAllocator").log(System.Logger.Level.WARNING,
                        "the background prefetch of " + prefetch + " failed; the sequence left the prefetch schedule,"
                        + " and its next caller enters it again", e);
                throw e;
            }
            try {
                if (next != Prefetch.LEAVE) {
                    schedule(this, next, TimeUnit.NANOSECONDS);
                }
            } catch (RejectedExecutionException closing) {
                // closed with the allocators: no caller enters the sequence again
            }
        }
    }

    /** Daemon threads named {@code name}, or {@code keysmith-prefetch-<number>}. */
    private record DaemonThreads(String name, int number) implements ThreadFactory {

        @Override
        public Thread newThread(Runnable task) {
            Thread thread = new Thread(task, name != null ? name : "keysmith-prefetch-" + number);
            thread.setDaemon(true);
            return thread;
        }
    }
}
