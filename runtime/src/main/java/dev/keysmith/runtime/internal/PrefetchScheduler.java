package dev.keysmith.runtime.internal;

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

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

    private final Executor executor;
    private final ThreadPoolExecutor own; // null when the application supplied the executor

    private PrefetchScheduler(Executor executor, ThreadPoolExecutor own) {
        this.executor = executor;
        this.own = own;
    }

    /**
     * A scheduler with at most one daemon thread named {@code keysmith-prefetch-<n>}, ended after {@code idleTime}
     * without work.
     */
    public static PrefetchScheduler ownThread(Duration idleTime) {
        return ownThread(idleTime, "keysmith-prefetch-" + SCHEDULERS.incrementAndGet());
    }

    /** A scheduler with at most one daemon thread named {@code threadName}, ended after {@code idleTime} without work. */
    public static PrefetchScheduler ownThread(Duration idleTime, String threadName) {
        return ownThread(idleTime, task -> {
            Thread thread = new Thread(task, threadName);
            thread.setDaemon(true);
            return thread;
        });
    }

    /** A scheduler with at most one thread from {@code threads}, ended after {@code idleTime} without work. */
    public static PrefetchScheduler ownThread(Duration idleTime, ThreadFactory threads) {
        if (idleTime.isNegative() || idleTime.isZero()) {
            throw new IllegalArgumentException("the prefetch idle time must be positive, not " + idleTime);
        }
        // No core thread: the pool starts its one worker when a task comes and ends it after the keep-alive.
        ThreadPoolExecutor pool = new ThreadPoolExecutor(0, 1, idleTime.toNanos(), TimeUnit.NANOSECONDS,
                new LinkedBlockingQueue<>(), threads);
        return new PrefetchScheduler(pool, pool);
    }

    /** A scheduler that runs the reservations on {@code executor}, which the application owns. */
    public static PrefetchScheduler on(Executor executor) {
        return new PrefetchScheduler(Objects.requireNonNull(executor, "executor"), null);
    }

    /** Runs {@code reservation} in the background; throws {@code RejectedExecutionException} if it cannot. */
    @Override
    public void execute(Runnable reservation) {
        executor.execute(reservation);
    }

    /** Ends the own thread (reservations under way finish); an application's executor is left alone. */
    @Override
    public void close() {
        if (own != null) {
            own.shutdown();
        }
    }
}
