package dev.keysmith.runtime.internal;

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Runs the background reservations of all the sequences of one {@code IdGenerators}, in one of two ways.
 *
 * <p><b>On a thread of its own</b> ({@link #ownThread}): at most one daemon thread, which schedules itself. Each
 * active sequence is a {@link Prefetch} that the thread checks when the sequence says (a timed queue,
 * {@link ScheduledThreadPoolExecutor}); a check reserves the next range when it is due, on this thread, and says
 * when to check again, or that the sequence is idle and leaves the schedule. A caller enters its sequence into the
 * schedule ({@link #schedule}) only when it is not in it: on first use, after idling, after a failure. So in steady
 * state no caller touches the queue or wakes a thread. The thread starts with the first entry and ends after
 * {@code idleTime} with nothing scheduled: when every sequence is idle, no thread runs and none waits.
 *
 * <p><b>On the application's executor</b> ({@link #on}): the caller that reaches a sequence's prefetch point hands
 * the reservation to the executor ({@link #execute}); an {@link Executor} has no timer, and keysmith starts no
 * thread of its own beside the application's. The application owns the executor and shuts it down.
 *
 * <p>Thread-safe.
 */
public final class PrefetchScheduler implements AutoCloseable {

    /** A sequence's background reservations, as the scheduler's own thread checks them. */
    public interface Prefetch {

        /** What {@link #check()} returns when the sequence leaves the schedule. */
        long LEAVE = -1;

        /**
         * Looks at the sequence and reserves its next range if that is due (on the calling thread).
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

    private final Executor supplied; // the application's executor, or null for a thread of our own
    private final long idleNanos;
    private final ThreadFactory threads;
    private final ReentrantLock lock = new ReentrantLock();
    private volatile ScheduledThreadPoolExecutor own; // made on first use: creating generators starts nothing
    private boolean closed; // guarded by lock

    private PrefetchScheduler(Executor supplied, long idleNanos, ThreadFactory threads) {
        this.supplied = supplied;
        this.idleNanos = idleNanos;
        this.threads = threads;
    }

    /**
     * A scheduler with at most one daemon thread named {@code keysmith-prefetch-<n>}, ended after {@code idleTime}
     * with nothing scheduled.
     */
    public static PrefetchScheduler ownThread(Duration idleTime) {
        // named when its thread is made: a string concatenation here would bootstrap one at start-up
        return ownThread(idleTime, new DaemonThreads(null, SCHEDULERS.incrementAndGet()));
    }

    /**
     * A scheduler with at most one daemon thread named {@code threadName}, ended after {@code idleTime} with nothing
     * scheduled.
     */
    public static PrefetchScheduler ownThread(Duration idleTime, String threadName) {
        return ownThread(idleTime, new DaemonThreads(Objects.requireNonNull(threadName, "threadName"), 0));
    }

    /**
     * A scheduler with at most one thread from {@code threads}, ended after {@code idleTime} with nothing scheduled.
     */
    public static PrefetchScheduler ownThread(Duration idleTime, ThreadFactory threads) {
        if (idleTime.isNegative() || idleTime.isZero()) {
            throw new IllegalArgumentException("the prefetch idle time must be positive, not " + idleTime);
        }
        return new PrefetchScheduler(null, idleTime.toNanos(), Objects.requireNonNull(threads, "threads"));
    }

    /** A scheduler that runs the reservations on {@code executor}, which the application owns. */
    public static PrefetchScheduler on(Executor executor) {
        return new PrefetchScheduler(Objects.requireNonNull(executor, "executor"), 0, null);
    }

    /** Whether sequences {@link #schedule} their checks (own thread), rather than {@link #execute} reservations. */
    public boolean schedulesItself() {
        return supplied == null;
    }

    /**
     * Enters {@code prefetch} into the schedule of the own thread, checked at once; from then on each check says when
     * the next is. Call it only for a sequence that is not in the schedule.
     *
     * @throws RejectedExecutionException if the scheduler is closed
     * @throws IllegalStateException if the reservations run on the application's executor
     */
    public void schedule(Prefetch prefetch) {
        if (supplied != null) {
            throw new IllegalStateException("the prefetch runs on the application's executor; use execute");
        }
        ScheduledThreadPoolExecutor pool = own;
        (pool != null ? pool : ownPool()).execute(new Check(Objects.requireNonNull(prefetch, "prefetch")));
    }

    /**
     * Runs {@code reservation} on the application's executor.
     *
     * @throws RejectedExecutionException if the executor rejects it
     * @throws IllegalStateException if the scheduler has a thread of its own
     */
    public void execute(Runnable reservation) {
        if (supplied == null) {
            throw new IllegalStateException("the prefetch schedules itself on its own thread; use schedule");
        }
        supplied.execute(reservation);
    }

    private ScheduledThreadPoolExecutor ownPool() {
        lock.lock();
        try {
            if (closed) {
                throw new RejectedExecutionException("the prefetch scheduler is closed");
            }
            if (own == null) {
                // One thread that times out like a non-core one: a worker never leaves while a check is queued
                // (ThreadPoolExecutor keeps the last one), so it ends only after idleTime with none.
                ScheduledThreadPoolExecutor pool = new ScheduledThreadPoolExecutor(1, threads);
                pool.setKeepAliveTime(idleNanos, TimeUnit.NANOSECONDS);
                pool.allowCoreThreadTimeOut(true);
                pool.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
                own = pool;
            }
            return own;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Ends the own thread (a check under way finishes; the scheduled ones are dropped); an application's executor is
     * left alone.
     */
    @Override
    public void close() {
        lock.lock();
        try {
            closed = true;
            if (own != null) {
                own.shutdown();
            }
        } finally {
            lock.unlock();
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
                    own.schedule(this, next, TimeUnit.NANOSECONDS);
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
