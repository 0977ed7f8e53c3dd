package dev.keysmith.spring.mongodb.internal;

import java.util.Objects;
import java.util.function.Predicate;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Flux;

/**
 * The reactive template's inserts of an {@link InsertCall}, with some of its entities inserted by keysmith's own way
 * (a retry, a resync) and the others as they are: the step {@link ReactiveSequenceRetry} and {@link ReactiveInsertIds}
 * share. Apart from {@link InsertCall} so that the blocking route loads nothing of Reactor.
 *
 * <p>Stateless; thread-safe.
 */
final class ReactiveEachEntity {

    /** How an entity of a reactive call is inserted into a collection. */
    @FunctionalInterface
    interface Insert {

        Publisher<?> insert(Object entity, String collection);
    }

    private ReactiveEachEntity() {
    }

    /**
     * The inserts of {@code call}, with each entity that {@code handled} accepts inserted by {@code handle}: the call's
     * one entity, or a batch that holds any such entity, inserted one entity at a time in the batch's order (nulls
     * skipped, as the blocking route skips them), its others by {@code plain}. Null when {@code call} writes no entity
     * that {@code handled} accepts: the caller proceeds with it as it is.
     */
    static Publisher<?> inserts(InsertCall call, Predicate<Object> handled, Insert handle, Insert plain) {
        if (call.oneEntity()) {
            return handled.test(call.entity()) ? handle.insert(call.entity(), call.collectionOf(call.entity())) : null;
        }
        if (!call.batch() || !call.anyOf(handled)) {
            return null;
        }
        return Flux.fromIterable(call.entities()).filter(Objects::nonNull)
                .concatMap(entity -> (handled.test(entity) ? handle : plain).insert(entity, call.collectionOf(entity)));
    }
}
