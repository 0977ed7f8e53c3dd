package dev.keysmith.runtime.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keysmith.runtime.testing.LogCapture;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import org.junit.jupiter.api.Test;

class PrefetchSchedulerTest {

    /** A check that throws on the scheduler's pool: the pool would keep it in a Future nobody reads. */
    @Test
    void aCheckThatThrowsIsLoggedAndDropsTheSequence() throws InterruptedException {
        IllegalStateException broken = new IllegalStateException("the check broke");
        CountDownLatch dropped = new CountDownLatch(1);
        try (LogCapture capture = LogCapture.of("dev.keysmith.runtime.SequenceAllocator");
                PrefetchScheduler scheduler = PrefetchScheduler.ownThread(Duration.ofSeconds(10), "prefetch-test")) {
            scheduler.schedule(new PrefetchScheduler.Prefetch() {
                @Override
                public long check() {
                    throw broken;
                }

                @Override
                public long dropped() {
                    dropped.countDown();
                    return LEAVE;
                }

                @Override
                public String toString() {
                    return "sequence 'invoices'";
                }
            });

            assertThat(dropped.await(10, TimeUnit.SECONDS)).as("the sequence is dropped").isTrue();
            LogRecord record = capture.first(Duration.ofSeconds(10));
            assertThat(record).as("a log record of the failed check").isNotNull();
            assertThat(record.getLevel()).isEqualTo(Level.WARNING);
            assertThat(record.getMessage()).contains("sequence 'invoices'").contains("prefetch");
            assertThat(record.getThrown()).isSameAs(broken);
        }
    }
}
