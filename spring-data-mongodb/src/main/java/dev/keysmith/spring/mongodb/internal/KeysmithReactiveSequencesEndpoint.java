package dev.keysmith.spring.mongodb.internal;

import dev.keysmith.spring.mongodb.KeysmithReactiveSequenceCounters;
import java.util.Map;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.boot.actuate.endpoint.annotation.WriteOperation;
import org.springframework.lang.Nullable;
import reactor.core.publisher.Mono;

/**
 * {@link KeysmithSequencesEndpoint} in an application with the reactive route only: the same endpoint
 * ({@code keysmithsequences}), the same operations and the same JSON, over {@link KeysmithReactiveSequenceCounters};
 * the operations return {@link Mono}s, which Actuator subscribes to, so no thread waits for the database.
 *
 * <p>Thread-safe.
 */
@Endpoint(id = "keysmithsequences")
public class KeysmithReactiveSequencesEndpoint {

    private final KeysmithReactiveSequenceCounters counters;
    private final EntityIds ids;

    public KeysmithReactiveSequencesEndpoint(KeysmithReactiveSequenceCounters counters, EntityIds ids) {
        this.counters = counters;
        this.ids = ids;
    }

    /** Every counter, read without changing anything. */
    @ReadOperation
    public Mono<Map<String, Object>> counters() {
        return counters.check().map(statuses -> Map.of("counters", SequenceEntities.describe(statuses)));
    }

    /** Resyncs the sequence of {@code entity}, or every sequence when it is absent. */
    @WriteOperation
    public Mono<Map<String, Object>> resync(@Nullable String entity) {
        return Mono.defer(() -> entity == null || entity.isBlank() ? counters.resyncAll()
                : counters.resync(SequenceEntities.named(ids, entity)))
                .map(statuses -> Map.of("resynced", SequenceEntities.describe(statuses)));
    }
}
