package dev.keysmith.runtime.internal;

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs the background work of all the sequences of one {@code IdGenerators} on at most one thread, made by a
 * {@link ThreadFactory} (keysmith's daemon threads, or the application's: virtual threads, a managed factory).
 *
 * <p>Each active sequence is a {@link Prefetch} that the thread checks when the sequence says (a timed queue,
 * {@link ScheduledThreadPoolExecutor}); a check starts the reservation of the next range when it is due and says
 * when to check again, or that the sequence is idle and leaves the schedule. A caller enters its sequence into the
 * schedule ({@link #schedule}) only when it is not in it: on first use, after idling, after a failure. So in steady
 * state no caller touches the queue or wakes a thread. The same thread runs the blocking store calls that a
 * non-blocking caller needs ({@link #execute}) and the allocation timeouts of non-blocking callers
 * ({@link #timeout}). It starts with the first task and ends after {@code idleTime} with nothing queued: when
 * every sequence is idle, no thread runs and none waits.
 *
 * <p>Blocking store calls may instead run on an application's {@link Executor} ({@link #withStoreCalls}); the
 * checks, which decide when, stay on the scheduler's thread.
 *
 * <p>Thread-safe.
 */
public final class PrefetchScheduler implements AutoCloseable {

    /** A sequence's background reservations, as the scheduler's thread checks them. */
    public interface Prefetch {

        /** What {@link #check()} returns when the sequence leaves the schedule. */
        long LEAVE = -1;

        /**
         * Looks at the sequence and starts the reservation of its next range if that is due.
         *
         * @return the nanoseconds until the next check, or {@link #LEAVE}
         */
        long check();

        /** The sequence is out of the schedule without {@link #check()} saying so (a check threw). */
        void dropped();
    }

    private static final AtomicInteger SCHEDULERS = new AtomicInteger();
    /** The allocator's logger, where the documentation sends users for the warnings of their sequences. */
    private static final System.Logger LOGGER = System.getLogger("dev.keysmith.runtime.SequenceAllocator");

    private final long idleNanos;
    private final ThreadFactory threads;
    private final Executor storeCalls; // the application's executor for blocking store calls, or null: our thread
    // made on first use (creating generators starts nothing), without a lock: the first user may be a non-blocking
    // thread, which must not park on a lock another caller holds
    private final AtomicReference<ScheduledThreadPoolExecutor> own = new AtomicReference<>();
    private volatile boolean closed;

    private PrefetchScheduler(long idleNanos, ThreadFactory threads, Executor storeCalls) {
        this.idleNanos = idleNanos;
        this.threads = threads;
        this.storeCalls = storeCalls;
    }

    /**
     * A scheduler with at most one daemon thread named {@code keysmith-prefetch-<n>}, ended after {@code idleTime}
     * with nothing queued.
     */
    public static PrefetchScheduler ownThread(Duration idleTime) {
        // named when its thread is made: a string concatenation here would bootstrap one at start-up
        return ownThread(idleTime, new DaemonThreads(null, SCHEDULERS.incrementAndGet()));
    }

    /**
     * A scheduler with at most one daemon thread named {@code threadName}, ended after {@code idleTime} with nothing
     * queued.
     */
    public static PrefetchScheduler ownThread(Duration idleTime, String threadName) {
        return ownThread(idleTime, new DaemonThreads(Objects.requireNonNull(threadName, "threadName"), 0));
    }

    /** A scheduler with at most one thread from {@code threads}, ended after {@code idleTime} with nothing queued. */
    public static PrefetchScheduler ownThread(Duration idleTime, ThreadFactory threads) {
        if (idleTime.isNegative() || idleTime.isZero()) {
            throw new IllegalArgumentException("the prefetch idle time must be positive, not " + idleTime);
        }
        return new PrefetchScheduler(idleTime.toNanos(), Objects.requireNonNull(threads, "threads"), null);
    }

    /** This scheduler, with its blocking store calls run on {@code executor} (which the application owns). */
    public PrefetchScheduler withStoreCalls(Executor executor) {
        return new PrefetchScheduler(idleNanos, threads, Objects.requireNonNull(executor, "executor"));
    }

    /**
     * Enters {@code prefetch} into the schedule, checked at once; from then on each check says when the next is.
     * Call it only for a sequence that is not in the schedule.
     *
     * @throws RejectedExecutionException if the scheduler is closed
     */
    public void schedule(Prefetch prefetch) {
        pool().execute(new Check(Objects.requireNonNull(prefetch, "prefetch")));
    }

    /**
     * Runs {@code storeCall}, a blocking call of a counter store, off the caller's thread: on the application's
     * executor if one was given, else on the scheduler's thread.
     *
     * @throws RejectedExecutionException if the scheduler is closed or the executor rejects it
     */
    public void execute(Runnable storeCall) {
        (storeCalls != null ? storeCalls : pool()).execute(storeCall);
    }

    /**
     * Runs {@code onTimeout} after {@code nanos} unless the returned future is cancelled first. Cancelling is a
     * compare-and-set on the task, never the queue's lock; the cancelled task leaves the queue at its time.
     *
     * @throws RejectedExecutionException if the scheduler is closed
     */
    public Future<?> timeout(Runnable onTimeout, long nanos) {
        return pool().schedule(onTimeout, nanos, TimeUnit.NANOSECONDS);
    }

    private ScheduledThreadPoolExecutor pool() {
        ScheduledThreadPoolExecutor pool = own.get();
        return pool != null ? pool : ownPool();
    }

    /**
     * Makes the own pool. Callers that race each make one and the first to set it wins; a loser's pool never
     * started a thread (threads start with the first task) and is shut down. A pool set while {@link #close} ran is
     * shut down too: either close sees it, or this sees {@code closed}.
     */
    private ScheduledThreadPoolExecutor ownPool() {
        if (closed) {
            throw new RejectedExecutionException("the prefetch scheduler is closed");
        }
        // One thread that times out like a non-core one: a worker never leaves while a task is queued
        // (ThreadPoolExecutor keeps the last one), so it ends only after idleTime with none.
        ScheduledThreadPoolExecutor pool = new ScheduledThreadPoolExecutor(1, threads);
        pool.setKeepAliveTime(idleNanos, TimeUnit.NANOSECONDS);
        pool.allowCoreThreadTimeOut(true);
        pool.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
        // A cancelled timeout stays queued until its time (the thread ends that much later): removing it
        // takes the queue's lock on the canceller's thread, a non-blocking one, which then could park.
        pool.setRemoveOnCancelPolicy(false);
        if (!own.compareAndSet(null, pool)) {
            pool.shutdown();
            return own.get();
        }
        if (closed) {
            pool.shutdown();
            throw new RejectedExecutionException("the prefetch scheduler is closed");
        }
        return pool;
    }

    /**
     * Ends the own thread (a task under way finishes; the queued ones are dropped); an application's executor is left
     * alone.
     */
    @Override
    public void close() {
        closed = true;
        ScheduledThreadPoolExecutor pool = own.get();
        if (pool != null) {
            pool.shutdown();
        }
    }

    /** One sequence's checks: each schedules the next, as long as the sequence stays. */
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
                // The pool keeps what a task throws in its Future, which nobody reads: say it here or never.
                LOGGER.log(System.Logger.Level.WARNING, "the background prefetch of " + prefetch
                        + " failed; the sequence left the prefetch schedule, and its next caller enters it again", e);
                throw e;
            }
            if (next != Prefetch.LEAVE) {
                try {
                    own.get().schedule(this, next, TimeUnit.NANOSECONDS);
                } catch (RejectedExecutionException closing) {
                    // the scheduler is closed, and the allocators with it: no caller enters the sequence again
                }
            }
        }
    }

    /**
     * Daemon threads of one name, {@code name} or else {@code keysmith-prefetch-<number>}: a class, not a lambda,
     * so that creating generators bootstraps nothing.
     */
    private static final class DaemonThreads implements ThreadFactory {

        private final String name;
        private final int number;

        DaemonThreads(String name, int number) {
            this.name = name;
            this.number = number;
        }

        @Override
        public Thread newThread(Runnable task) {
            Thread thread = new Thread(task, name != null ? name : "keysmith-prefetch-" + number);
            thread.setDaemon(true);
            return thread;
        }
    }
}
