package dev.keysmith.spring.mongodb;

import dev.keysmith.mongodb.DuplicateSequenceIdException;
import dev.keysmith.mongodb.reactive.internal.ReactiveSequenceCounters;
import dev.keysmith.runtime.CounterStatus;
import dev.keysmith.spring.mongodb.internal.EntityIds;
import dev.keysmith.spring.mongodb.internal.IdAssignment;
import dev.keysmith.spring.mongodb.internal.SequenceEntities;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * {@link KeysmithSequenceCounters} on the reactive route: the counters of the {@code @Sequence} entities of a reactive
 * Spring Data MongoDB application next to their collections, checked and brought up to the data after an import or a
 * restore ({@code $max} to the largest id of the collection, per stripe, never down; the ranges this application
 * holds below it are dropped), through the reactive streams driver, without blocking a thread. A bean of the reactive
 * auto-configuration; in an application without the blocking route, the endpoint {@code keysmithsequences} reads
 * ({@code GET}) and resyncs ({@code POST}) through it. The same counters and the same procedure as the blocking
 * route's; see docs/sequences-in-production.md. Nothing happens until a subscription.
 *
 * <pre>{@code
 * @Autowired KeysmithReactiveSequenceCounters counters;
 * counters.resync(Invoice.class).subscribe(statuses -> ...);
 * }</pre>
 *
 * <p>Thread-safe.
 */
public final class KeysmithReactiveSequenceCounters {

    private final EntityIds ids;
    private final ReactiveSequenceCounters counters;

    /** Made by the auto-configuration. */
    public KeysmithReactiveSequenceCounters(EntityIds ids, ReactiveSequenceCounters counters) {
        this.ids = Objects.requireNonNull(ids, "ids");
        this.counters = Objects.requireNonNull(counters, "counters");
    }

    /** Every counter of every {@code @Sequence} entity next to its collection, read without changing anything. */
    public Mono<List<CounterStatus>> check() {
        return eachSequence(entity -> counters.check(entity.sequence(), entity.collection()));
    }

    /**
     * Brings the counter(s) of the sequence of entity {@code entity} up to its collection, never down.
     *
     * @throws IllegalArgumentException at the call, if {@code entity} is not a {@code @Sequence} entity of the mapping
     */
    public Mono<List<CounterStatus>> resync(Class<?> entity) {
        IdAssignment assignment = SequenceEntities.sequenceOf(ids, entity);
        return counters.resync(assignment.sequence(), assignment.collection());
    }

    /** {@link #resync} for every {@code @Sequence} entity the mapping knows, one after the other. */
    public Mono<List<CounterStatus>> resyncAll() {
        return eachSequence(entity -> counters.resync(entity.sequence(), entity.collection()));
    }

    /** The start-up check of every {@code @Sequence} entity, one after the other, as {@code keysmith.counter-check} says. */
    Mono<Void> checkAtStart() {
        return Flux.defer(() -> Flux.fromIterable(ids.sequenceEntities()))
                .concatMap(entity -> counters.checkOnce(entity.sequence(), entity.collection(), entity.entityType()))
                .then();
    }

    /**
     * After an insert of a {@code @Sequence} entity met a duplicate id: resyncs its sequence and completes with what it
     * did, so that the caller retries once; or fails with {@link DuplicateSequenceIdException} when a resync already
     * ran for this insert ({@code resynced} not null), the resync is off, or it fails. Internal: the reactive
     * template's retry calls it.
     */
    public Mono<List<CounterStatus>> resyncAfterDuplicate(IdAssignment entity, String collection, Object id,
            List<CounterStatus> resynced, Throwable duplicate) {
        return counters.resyncAfterDuplicate(entity.entityType(), collection, entity.sequence(), id, resynced,
                duplicate);
    }

    /** {@code step} for every {@code @Sequence} entity, one after the other; what they did, in that order. */
    private Mono<List<CounterStatus>> eachSequence(Function<IdAssignment, Mono<List<CounterStatus>>> step) {
        return Flux.defer(() -> Flux.fromIterable(ids.sequenceEntities()))
                .concatMap(step)
                .flatMapIterable(statuses -> statuses)
                .collectList()
                .map(List::copyOf);
    }
}
