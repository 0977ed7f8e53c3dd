package dev.keysmith.spring.mongodb.internal;

import dev.keysmith.runtime.CounterStatus;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the counters beans and endpoints of both routes (blocking {@code KeysmithSequenceCounters} and
 * {@code KeysmithSequencesEndpoint}, reactive {@code KeysmithReactiveSequenceCounters} and
 * {@code KeysmithReactiveSequencesEndpoint}) say alike: which entity a call names, the refusal of one without a
 * {@code @Sequence}, and a counter as the endpoint shows it.
 *
 * <p>Thread-safe (stateless).
 */
public final class SequenceEntities {

    private SequenceEntities() {
    }

    /**
     * The id assignment of {@code entity}, a {@code @Sequence} entity of the mapping.
     *
     * @throws IllegalArgumentException if {@code entity} is not a {@code @Sequence} entity of the mapping
     */
    public static IdAssignment sequenceOf(EntityIds ids, Class<?> entity) {
        IdAssignment assignment = ids.forType(entity);
        if (assignment.sequence() == null) {
            throw new IllegalArgumentException(entity.getName() + " has no keysmith @Sequence id, so it has no counter"
                    + " to resync");
        }
        return assignment;
    }

    /**
     * The {@code @Sequence} entity named {@code name}: its simple or fully qualified class name.
     *
     * @throws IllegalArgumentException naming {@code name} and the {@code @Sequence} entities when none is named so
     */
    static Class<?> named(EntityIds ids, String name) {
        for (IdAssignment assignment : ids.sequenceEntities()) {
            Class<?> type = assignment.entityType();
            if (type.getName().equals(name) || type.getSimpleName().equals(name)) {
                return type;
            }
        }
        throw new IllegalArgumentException("no @Sequence entity is named '" + name + "'; the @Sequence entities are "
                + ids.sequenceEntities().stream().map(a -> a.entityType().getName()).toList());
    }

    /** The counters as the endpoint {@code keysmithsequences} shows them, one JSON object each. */
    static List<Map<String, Object>> describe(List<CounterStatus> statuses) {
        return statuses.stream().map(status -> {
            Map<String, Object> described = new LinkedHashMap<>();
            described.put("sequence", status.sequence());
            described.put("counter", status.counter());
            described.put("firstId", status.firstId());
            described.put("lastId", status.lastId());
            described.put("counterValue", status.counterValue());
            described.put("largestId", status.largestId().isPresent() ? status.largestId().getAsLong() : null);
            described.put("behind", status.behind());
            described.put("counterAfter", status.counterAfter());
            return described;
        }).toList();
    }
}
