package dev.keysmith.runtime.internal;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;

/**
 * The system clock's current second (since the Unix epoch) for the price of a field read: what
 * {@code ObjectIdGenerator} reads instead of the wall clock, which costs about as much as the rest of an id.
 *
 * <p>A daemon thread ({@code keysmith-clock}) reads the wall clock just after each second starts and publishes
 * it. The thread is started by the caller that brings the {@value #SAMPLE_EVERY}th id (a generator taking fewer
 * ids than that never has one) and ends after {@code idleSeconds} in which no caller asked for it. Callers read
 * the wall clock themselves whenever no thread publishes, and on every {@value #SAMPLE_EVERY}th id; so the
 * second they get is never ahead of the wall clock, and lags it only while the thread has not yet woken up
 * after a second began (normally a fraction of a millisecond; at most {@value #SAMPLE_EVERY} ids of a busy
 * generator, and one second after the machine resumes from a suspend).
 *
 * <p>Thread-safe.
 */
public final class SystemSeconds {

    /** Every how many ids (by the low bits of the caller's counter) a caller reads the wall clock itself. */
    public static final int SAMPLE_EVERY = 1024;
    private static final long SAMPLE_MASK = SAMPLE_EVERY - 1;
    private static final long STOPPED = -1;
    /** How long after a second starts the thread wakes, so that the clock surely shows the new second. */
    private static final long WAKE_AFTER_NANOS = 200_000;

    /** The one every generator on the system clock shares. */
    public static final SystemSeconds SHARED = new SystemSeconds(60);

    private final int idleSeconds;
    private final AtomicBoolean running = new AtomicBoolean();
    /** The current second as the thread last read it, or {@link #STOPPED}; written by the thread only. */
    private volatile long published = STOPPED;
    private volatile boolean demanded;

    /** A clock whose thread ends after {@code idleSeconds} seconds without demand (tests use a short one). */
    public SystemSeconds(int idleSeconds) {
        if (idleSeconds < 1) {
            throw new IllegalArgumentException("idleSeconds must be at least 1, not " + idleSeconds);
        }
        this.idleSeconds = idleSeconds;
    }

    /**
     * The current second. {@code sample} is the caller's running counter: when its low bits are zero (every
     * {@value #SAMPLE_EVERY}th id), the wall clock is read and the thread started or kept alive.
     */
    public long now(long sample) {
        long seconds = published;
        if (seconds >= 0 && (sample & SAMPLE_MASK) != 0) {
            return seconds;
        }
        return read(sample, seconds);
    }

    private long read(long sample, long seconds) {
        if ((sample & SAMPLE_MASK) == 0) {
            if (seconds >= 0) {
                if (!demanded) {
                    demanded = true; // written once per second at most: the field shares a cache line with the second
                }
            } else {
                start();
            }
        }
        return wallClockSeconds();
    }

    /** Whether the thread is publishing the second now (for tests). */
    public boolean publishing() {
        return published >= 0;
    }

    /** The wall clock's second; 0 for a clock before 1970. */
    public static long wallClockSeconds() {
        return Math.max(0, Math.floorDiv(System.currentTimeMillis(), 1000L));
    }

    private void start() {
        if (!running.compareAndSet(false, true)) {
            return;
        }
        boolean started = false;
        try {
            Thread thread = new Thread(new Ticker(), "keysmith-clock");
            thread.setDaemon(true);
            thread.setContextClassLoader(null);
            thread.start();
            started = true;
        } finally {
            if (!started) {
                running.set(false);
            }
        }
    }

    /** The thread's loop: publish the second, sleep until the next one starts; end when nobody asked for a while. */
    private final class Ticker implements Runnable {
        @Override
        public void run() {
            try {
                int idle = 0;
                while (true) {
                    long millis = System.currentTimeMillis();
                    published = Math.max(0, Math.floorDiv(millis, 1000L));
                    if (demanded) {
                        demanded = false;
                        idle = 0;
                    } else if (++idle > idleSeconds) {
                        return;
                    }
                    LockSupport.parkNanos((1000 - Math.floorMod(millis, 1000L)) * 1_000_000L + WAKE_AFTER_NANOS);
                }
            } finally {
                // In this order: whoever sees STOPPED can start the next thread. (A thread started in between
                // may see its first second overwritten with STOPPED; ids then read the wall clock until it wakes.)
                running.set(false);
                published = STOPPED;
            }
        }
    }
}
