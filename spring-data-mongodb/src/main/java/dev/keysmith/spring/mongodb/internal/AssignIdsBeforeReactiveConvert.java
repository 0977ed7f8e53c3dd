package dev.keysmith.spring.mongodb.internal;

import dev.keysmith.runtime.SequenceAllocator;
import dev.keysmith.spring.mongodb.KeysmithMongoAutoConfiguration;
import java.util.function.Function;
import java.util.function.Predicate;
import org.reactivestreams.Publisher;
import org.springframework.core.Ordered;
import org.springframework.data.mongodb.core.mapping.event.ReactiveBeforeConvertCallback;
import reactor.core.publisher.Mono;
import reactor.util.context.Context;

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

    /**
     * The key, in the Reactor context of a template call, of the test that tells a replacement whose id must stay
     * absent (see {@link #withoutAssigning}): the reactive route's counterpart of the blocking callback's
     * thread-bound type, since a reactive template converts wherever the subscription runs.
     */
    private static final Object REPLACEMENT = new Object();

    private final EntityIds ids;

    public AssignIdsBeforeReactiveConvert(EntityIds ids) {
        this.ids = ids;
    }

    @Override
    public Publisher<Object> onBeforeConvert(Object entity, String collection) {
        return Mono.deferContextual(context -> context.<Predicate<Object>>getOrEmpty(REPLACEMENT)
                .filter(replacement -> replacement.test(entity)).isPresent()
                ? Mono.just(entity) : assignIfAbsent(ids.forEntity(entity), entity));
    }

    /**
     * The context, for a reactive template call, in which this callback assigns no id to an entity that
     * {@code replacement} accepts: a replacement without an id replaces the document it matches and keeps that
     * document's {@code _id}; an id assigned to it would alter the matched document's {@code _id}, which the server
     * refuses. Others converted meanwhile (by a callback) still get theirs.
     */
    static Function<Context, Context> withoutAssigning(Predicate<Object> replacement) {
        return context -> context.put(REPLACEMENT, context.<Predicate<Object>>getOrEmpty(REPLACEMENT)
                .map(outer -> outer.or(replacement)).orElse(replacement));
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
        return nextId(sequence).map(id -> assignment.withSequenceId(entity, id));
    }

    /** The next id of {@code sequence}, awaited without blocking. */
    static Mono<Long> nextId(SequenceAllocator sequence) {
        // not suppressing the cancel: a cancelled subscriber withdraws its request from the allocator
        return Mono.fromFuture(sequence::nextAsync, false);
    }

    @Override
    public int getOrder() {
        return KeysmithMongoAutoConfiguration.ID_CALLBACK_ORDER;
    }
}
