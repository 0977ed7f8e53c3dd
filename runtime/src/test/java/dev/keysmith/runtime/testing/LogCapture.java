package dev.keysmith.runtime.testing;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * Collects what a {@link System.Logger} (backed by {@code java.util.logging}, the JDK's default) logs under one name,
 * from {@link #of} until {@link #close}.
 *
 * <pre>{@code
 * try (LogCapture log = LogCapture.of("dev.keysmith.mongodb.SequenceCounters")) { ...; log.records() }
 * }</pre>
 *
 * <p>Thread-safe.
 */
public final class LogCapture implements AutoCloseable {

    private final Logger logger;
    private final List<LogRecord> records = new ArrayList<>();
    private final Handler handler = new Handler() {
        @Override
        public void publish(LogRecord record) {
            add(record);
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };

    private LogCapture(String name) {
        this.logger = Logger.getLogger(name);
        logger.addHandler(handler);
    }

    /** Starts collecting the records of logger {@code name}. */
    public static LogCapture of(String name) {
        return new LogCapture(name);
    }

    private synchronized void add(LogRecord record) {
        records.add(record);
        notifyAll();
    }

    /** The records so far, in order. */
    public synchronized List<LogRecord> records() {
        return List.copyOf(records);
    }

    /** The first record, waiting up to {@code timeout} for one to come; null if none came. */
    public synchronized LogRecord first(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (records.isEmpty()) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return null;
            }
            TimeUnit.NANOSECONDS.timedWait(this, left);
        }
        return records.get(0);
    }

    /** Forgets the records so far. */
    public synchronized void clear() {
        records.clear();
    }

    @Override
    public void close() {
        logger.removeHandler(handler);
    }
}
