package dev.keysmith.runtime.testing;

import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * The records a {@code java.util.logging} logger (where {@code System.Logger} writes by default) publishes while
 * this is open; closing it detaches it.
 *
 * <p>Thread-safe.
 */
public final class LogCapture extends Handler implements AutoCloseable {

    private final Logger logger;
    private final BlockingQueue<LogRecord> records = new LinkedBlockingQueue<>();

    private LogCapture(Logger logger) {
        this.logger = logger;
    }

    /** Starts capturing what the logger {@code name} publishes. */
    public static LogCapture of(String name) {
        LogCapture capture = new LogCapture(Logger.getLogger(name));
        capture.logger.addHandler(capture);
        return capture;
    }

    /** The records so far, in order, and those published later as they come. */
    public BlockingQueue<LogRecord> records() {
        return records;
    }

    @Override
    public void publish(LogRecord record) {
        records.add(record);
    }

    @Override
    public void flush() {
    }

    @Override
    public void close() {
        logger.removeHandler(this);
    }
}
