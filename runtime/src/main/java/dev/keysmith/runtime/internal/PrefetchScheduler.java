package dev.keysmith.runtime.internal;

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Runs the background reservations of all the sequences of one {@code IdGenerators}: on at most one daemon thread
 * of its own, started when a reservation is due and ended after {@code idleTime} without one, or on an executor the
 * application supplies (which it then owns and shuts down itself). A reservation is submitted once per range, so
 * an idle sequence costs nothing: no thread polls.
 *
 * <p>Thread-safe.
 */
public final class PrefetchScheduler implements Executor, AutoCloseable {

    private static final AtomicInteger SCHEDULERS = new AtomicInteger();

    private final Executor supplied; // the application's executor, or null for a thread of our own
    private final long idleNanos;
    private final ThreadFactory threads;
    private final ReentrantLock lock = new ReentrantLock();
    private volatile ThreadPoolExecutor own; // made on the first reservation: creating generators starts nothing
    private boolean closed; // guarded by lock

    private PrefetchScheduler(Executor supplied, long idleNanos, ThreadFactory threads) {
        this.supplied = supplied;
        this.idleNanos = idleNanos;
        this.threads = threads;
    }

    /**
     * A scheduler with at most one daemon thread named {@code keysmith-prefetch-<n>}, ended after {@code idleTime}
     * without work.
     */
    public static PrefetchScheduler ownThread(Duration idleTime) {
        // named when its thread is made: a string concatenation here would bootstrap one at start-up
        return ownThread(idleTime, new DaemonThreads(null, SCHEDULERS.incrementAndGet()));
    }

    /** A scheduler with at most one daemon thread named {@code threadName}, ended after {@code idleTime} without work. */
    public static PrefetchScheduler ownThread(Duration idleTime, String threadName) {
        return ownThread(idleTime, new DaemonThreads(Objects.requireNonNull(threadName, "threadName"), 0));
    }

    /** A scheduler with at most one thread from {@code threads}, ended after {@code idleTime} without work. */
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

    /** Runs {@code reservation} in the background; throws {@code RejectedExecutionException} if it cannot. */
    @Override
    public void execute(Runnable reservation) {
        if (supplied != null) {
            supplied.execute(reservation);
            return;
        }
        ThreadPoolExecutor pool = own;
        (pool != null ? pool : ownPool()).execute(reservation);
    }

    private ThreadPoolExecutor ownPool() {
        lock.lock();
        try {
            if (closed) {
                throw new RejectedExecutionException("the prefetch scheduler is closed");
            }
            if (own == null) {
                // No core thread: the pool starts its one worker when a task comes and ends it after the keep-alive.
                own = new ThreadPoolExecutor(0, 1, idleNanos, TimeUnit.NANOSECONDS, new LinkedBlockingQueue<>(),
                        threads);
            }
            return own;
        } finally {
            lock.unlock();
        }
    }

    /** Ends the own thread (reservations under way finish); an application's executor is left alone. */
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
