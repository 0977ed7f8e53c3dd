package dev.keysmith.runtime.testing;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
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
    private final List<LogRecord> records = new CopyOnWriteArrayList<>();
    private final Handler handler = new Handler() {
        @Override
        public void publish(LogRecord record) {
            records.add(record);
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

    /** The records so far. */
    public List<LogRecord> records() {
        return List.copyOf(records);
    }

    /** Forgets the records so far. */
    public void clear() {
        records.clear();
    }

    @Override
    public void close() {
        logger.removeHandler(handler);
    }
}
