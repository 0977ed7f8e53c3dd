package dev.keysmith.spring.mongodb.internal;

import dev.keysmith.runtime.SequenceAllocator;
import dev.keysmith.runtime.SequenceSnapshot;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.FunctionTimer;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.util.concurrent.TimeUnit;
import java.util.function.ToDoubleFunction;
import java.util.function.ToLongFunction;

/**
 * The sequences' snapshots as Micrometer meters, tagged {@code sequence=<name>}: counters
 * {@code keysmith.sequence.ids} (handed out), {@code keysmith.sequence.failures} (failed reservations),
 * {@code keysmith.sequence.waits} (calls that waited for another thread's reservation); the timer
 * {@code keysmith.sequence.reservations}; gauges {@code keysmith.sequence.ids.left},
 * {@code keysmith.sequence.ids.prefetched} and {@code keysmith.sequence.failing} (1 while reservations fail).
 * Covers the sequences of every entity Spring Data knows when the registry is bound.
 *
 * <p>Thread-safe.
 */
public final class SequenceMetrics implements MeterBinder {

    private final EntityIds ids;

    public SequenceMetrics(EntityIds ids) {
        this.ids = ids;
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        ids.checkAll();
        for (SequenceAllocator sequence : ids.sequences()) {
            Tags tags = Tags.of("sequence", sequence.spec().name());
            counter(registry, "keysmith.sequence.ids", "ids handed out", tags, sequence,
                    SequenceSnapshot::idsHandedOut);
            counter(registry, "keysmith.sequence.failures", "reservations that failed", tags, sequence,
                    SequenceSnapshot::failures);
            counter(registry, "keysmith.sequence.waits", "calls that waited for a reservation made by another thread",
                    tags, sequence, SequenceSnapshot::waits);
            FunctionTimer.builder("keysmith.sequence.reservations", sequence,
                            s -> s.snapshot().reservations(),
                            s -> s.snapshot().reservationTime().toNanos(), TimeUnit.NANOSECONDS)
                    .description("ranges reserved in the counters collection, and the time they took")
                    .tags(tags)
                    .register(registry);
            gauge(registry, "keysmith.sequence.ids.left", "ids left in the range being handed out", tags, sequence,
                    s -> s.idsLeftInRange());
            gauge(registry, "keysmith.sequence.ids.prefetched", "ids of the next range, reserved ahead", tags,
                    sequence, s -> s.idsPrefetched());
            gauge(registry, "keysmith.sequence.failing", "1 while reservations fail, else 0", tags, sequence,
                    s -> s.failing() ? 1 : 0);
        }
    }

    private static void counter(MeterRegistry registry, String name, String description, Tags tags,
            SequenceAllocator sequence, ToLongFunction<SequenceSnapshot> value) {
        FunctionCounter.builder(name, sequence, s -> value.applyAsLong(s.snapshot()))
                .description(description)
                .tags(tags)
                .register(registry);
    }

    private static void gauge(MeterRegistry registry, String name, String description, Tags tags,
            SequenceAllocator sequence, ToDoubleFunction<SequenceSnapshot> value) {
        Gauge.builder(name, sequence, s -> value.applyAsDouble(s.snapshot()))
                .description(description)
                .tags(tags)
                .register(registry);
    }
}
