package dev.keysmith.spring.mongodb;

import dev.keysmith.mongodb.DuplicateSequenceIdException;
import dev.keysmith.mongodb.internal.SequenceCounters;
import dev.keysmith.runtime.CounterStatus;
import dev.keysmith.spring.mongodb.internal.EntityIds;
import dev.keysmith.spring.mongodb.internal.IdAssignment;
import dev.keysmith.spring.mongodb.internal.SequenceEntities;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The counters of the {@code @Sequence} entities of a Spring Data MongoDB application next to their collections:
 * check them, and bring them up to the data after an import or a restore ({@code $max} to the largest id of the
 * collection, per stripe of a striped sequence, never down; the ranges this application holds below it are
 * dropped). A bean of the auto-configuration; with Actuator, the endpoint {@code keysmithsequences} reads
 * ({@code GET}) and resyncs ({@code POST}) through it. The same counters and the same procedure as the driver's
 * {@code Keysmith.resync}; see docs/sequences-in-production.md.
 *
 * <pre>{@code
 * @Autowired KeysmithSequenceCounters counters;
 * counters.resync(Invoice.class);
 * }</pre>
 *
 * <p>Thread-safe.
 */
public final class KeysmithSequenceCounters {

    private final EntityIds ids;
    private final SequenceCounters counters;

    /** Made by the auto-configuration. */
    public KeysmithSequenceCounters(EntityIds ids, SequenceCounters counters) {
        this.ids = Objects.requireNonNull(ids, "ids");
        this.counters = Objects.requireNonNull(counters, "counters");
    }

    /** Every counter of every {@code @Sequence} entity next to its collection, read without changing anything. */
    public List<CounterStatus> check() {
        List<CounterStatus> statuses = new ArrayList<>();
        for (IdAssignment entity : ids.sequenceEntities()) {
            statuses.addAll(counters.check(entity.sequence(), entity.collection()));
        }
        return List.copyOf(statuses);
    }

    /**
     * Brings the counter(s) of the sequence of entity {@code entity} up to its collection, never down.
     *
     * @throws IllegalArgumentException if {@code entity} is not a {@code @Sequence} entity of the mapping
     */
    public List<CounterStatus> resync(Class<?> entity) {
        IdAssignment assignment = SequenceEntities.sequenceOf(ids, entity);
        return counters.resync(assignment.sequence(), assignment.collection());
    }

    /** {@link #resync} for every {@code @Sequence} entity the mapping knows. */
    public List<CounterStatus> resyncAll() {
        List<CounterStatus> statuses = new ArrayList<>();
        for (IdAssignment entity : ids.sequenceEntities()) {
            statuses.addAll(counters.resync(entity.sequence(), entity.collection()));
        }
        return List.copyOf(statuses);
    }

    /** The start-up check of every {@code @Sequence} entity, as {@code keysmith.counter-check} says. */
    void checkAtStart() {
        for (IdAssignment entity : ids.sequenceEntities()) {
            counters.checkOnce(entity.sequence(), entity.collection(), entity.entityType());
        }
    }

    /**
     * After an insert of a {@code @Sequence} entity met a duplicate id: resyncs its sequence and returns what it
     * did, so that the caller retries once; or throws {@link DuplicateSequenceIdException} when a resync already ran
     * for this insert ({@code resynced} not null), the resync is off, or it fails. Internal: the template's retry
     * calls it.
     */
    public List<CounterStatus> resyncAfterDuplicate(IdAssignment entity, String collection, Object id,
            List<CounterStatus> resynced, RuntimeException duplicate) {
        return counters.resyncAfterDuplicate(entity.entityType(), collection, entity.sequence(), id, resynced,
                duplicate);
    }
}
