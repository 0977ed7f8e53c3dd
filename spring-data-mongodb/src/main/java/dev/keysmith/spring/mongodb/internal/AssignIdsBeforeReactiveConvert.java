package dev.keysmith.spring.mongodb.internal;

import dev.keysmith.runtime.SequenceAllocator;
import dev.keysmith.spring.mongodb.KeysmithMongoAutoConfiguration;
import org.reactivestreams.Publisher;
import org.springframework.core.Ordered;
import org.springframework.data.mongodb.core.mapping.event.ReactiveBeforeConvertCallback;
import reactor.core.publisher.Mono;

/**
 * {@link AssignIdsBeforeConvert} on the reactive route: assigns a keysmith id to an entity that has none, before
 * {@code ReactiveMongoTemplate} converts it for an insert or a save (reactive repositories go through the template),
 * by the same rule book ({@link EntityIds}, {@link IdAssignment}) and in the same order
 * ({@link KeysmithMongoAutoConfiguration#ID_CALLBACK_ORDER}). It never blocks: a {@code @Sequence} id is awaited from
 * {@link SequenceAllocator#nextAsync()} (a continuation of the reservation when the range is used up; cancelling the
 * subscription withdraws the request, at worst a gap), every other strategy makes its id at once.
 *
 * <p>Thread-safe.
 */
public final class AssignIdsBeforeReactiveConvert implements ReactiveBeforeConvertCallback<Object>, Ordered {

    private final EntityIds ids;

    public AssignIdsBeforeReactiveConvert(EntityIds ids) {
        this.ids = ids;
    }

    @Override
    public Publisher<Object> onBeforeConvert(Object entity, String collection) {
        return Mono.defer(() -> assignIfAbsent(ids.forEntity(entity), entity));
    }

    /**
     * {@code entity} with an id by {@code assignment} unless it has one, without blocking: a {@code @Sequence} id is
     * awaited from the sequence, the other strategies' are made at once.
     */
    static Mono<Object> assignIfAbsent(IdAssignment assignment, Object entity) {
        SequenceAllocator sequence = assignment.sequence();
        if (sequence == null || assignment.hasId(entity)) {
            return Mono.just(assignment.assignIfAbsent(entity));
        }
        // not suppressing the cancel: a cancelled subscriber withdraws its request from the allocator
        return Mono.fromFuture(sequence::nextAsync, false).map(id -> assignment.withSequenceId(entity, id));
    }

    @Override
    public int getOrder() {
        return KeysmithMongoAutoConfiguration.ID_CALLBACK_ORDER;
    }
}
