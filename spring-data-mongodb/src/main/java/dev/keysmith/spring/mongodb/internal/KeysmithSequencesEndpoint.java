package dev.keysmith.spring.mongodb.internal;

import dev.keysmith.runtime.CounterStatus;
import dev.keysmith.spring.mongodb.KeysmithSequenceCounters;
import java.util.List;
import java.util.Map;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.boot.actuate.endpoint.annotation.WriteOperation;
import org.springframework.lang.Nullable;

/**
 * The Actuator endpoint {@code keysmithsequences} (the same annotations on Spring Boot 3 and 4): {@code GET} lists
 * every counter of every {@code @Sequence} entity next to its collection; {@code POST} resyncs every sequence, or
 * the one of the entity named by {@code entity} (its simple or fully qualified class name), and lists what it did.
 * Expose it like any endpoint ({@code management.endpoints.web.exposure.include=keysmithsequences}).
 *
 * <p>Thread-safe.
 */
@Endpoint(id = "keysmithsequences")
public class KeysmithSequencesEndpoint {

    private final KeysmithSequenceCounters counters;
    private final EntityIds ids;

    public KeysmithSequencesEndpoint(KeysmithSequenceCounters counters, EntityIds ids) {
        this.counters = counters;
        this.ids = ids;
    }

    /** Every counter, read without changing anything. */
    @ReadOperation
    public Map<String, Object> counters() {
        return Map.of("counters", describe(counters.check()));
    }

    /** Resyncs the sequence of {@code entity}, or every sequence when it is absent. */
    @WriteOperation
    public Map<String, Object> resync(@Nullable String entity) {
        if (entity == null || entity.isBlank()) {
            return Map.of("resynced", describe(counters.resyncAll()));
        }
        return Map.of("resynced", describe(counters.resync(SequenceEntities.named(ids, entity))));
    }

    private static List<Map<String, Object>> describe(List<CounterStatus> statuses) {
        return SequenceEntities.describe(statuses);
    }
}
