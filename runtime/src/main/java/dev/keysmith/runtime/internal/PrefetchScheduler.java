package dev.keysmith.runtime.internal;

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The one thread of an {@code IdGenerators} (or of an allocator opened on its own) for all its background work: the
 * checks of the sequences in the prefetch schedule (a timed queue: each {@link Prefetcher} check queues the next), the
 * blocking store calls that non-blocking callers need, and their allocation timeouts. The thread comes from a
 * {@link ThreadFactory}, starts with the first task and ends after the idle time with nothing queued, so that no
 * thread runs or waits while every sequence idles.
 *
 * <p>Thread-safe.
 */
public final class PrefetchScheduler extends ScheduledThreadPoolExecutor implements AutoCloseable {

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

    /** Runs {@code onTimeout} in {@code nanos} unless cancelled (a compare-and-set, never the queue's lock). */
    public Future<?> timeout(Runnable onTimeout, long nanos) {
        return schedule(onTimeout, nanos, TimeUnit.NANOSECONDS);
    }

    /** Ends the thread: a task under way finishes, the queued ones are dropped. */
    @Override
    public void close() {
        shutdown();
    }

    private record DaemonThreads(String name, int number) implements ThreadFactory {

        @Override
        public Thread newThread(Runnable task) {
            Thread thread = new Thread(task, name != null ? name : "keysmith-prefetch-" + number);
            thread.setDaemon(true);
            return thread;
        }
    }
}
