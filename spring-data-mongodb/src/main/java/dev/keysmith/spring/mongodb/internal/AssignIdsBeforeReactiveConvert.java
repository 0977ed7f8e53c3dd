package dev.keysmith.spring.mongodb.internal;

import dev.keysmith.runtime.SequenceAllocator;
import dev.keysmith.spring.mongodb.KeysmithMongoAutoConfiguration;
import java.util.function.Function;
import java.util.function.Predicate;
import org.reactivestreams.Publisher;
import org.springframework.core.Ordered;
import org.springframework.data.mongodb.core.mapping.event.ReactiveBeforeConvertCallback;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.util.context.Context;

/**
 * {@link AssignIdsBeforeConvert} on the reactive route: assigns a keysmith id to an entity that has none, before
 * {@code ReactiveMongoTemplate} converts it for an insert or a save (reactive repositories go through the template),
 * by the same rule book ({@link EntityIds}, {@link IdAssignment}) and in the same order
 * ({@link KeysmithMongoAutoConfiguration#ID_CALLBACK_ORDER}). It never blocks: a {@code @Sequence} id is taken from a
 * range in hand ({@link SequenceAllocator#tryNext()}), else awaited from {@link SequenceAllocator#nextAsync()} (a
 * continuation of the reservation when the range is used up; cancelling the
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

    /**
     * The key, in the Reactor context of a template call, of the {@link TakenSequenceId} that learns the
     * {@code @Sequence} id this callback takes for the call ({@link #recordingSequenceId}).
     */
    private static final Object TAKEN = new Object();

    private final EntityIds ids;

    public AssignIdsBeforeReactiveConvert(EntityIds ids) {
        this.ids = ids;
    }

    @Override
    public Publisher<Object> onBeforeConvert(Object entity, String collection) {
        return Mono.deferContextual(context -> {
            Predicate<Object> replacement = context.getOrDefault(REPLACEMENT, null);
            if (replacement != null && replacement.test(entity)) {
                return Mono.just(entity);
            }
            IdAssignment assignment = ids.forEntity(entity);
            SequenceAllocator sequence = assignment.sequence();
            if (sequence == null || assignment.hasId(entity)) {
                return Mono.just(assignment.assignIfAbsent(entity));
            }
            BatchInsert.Attempt batch = context.getOrDefault(BatchInsert.Attempt.CONTEXT_KEY, null);
            long batchId = batch == null ? SequenceAllocator.NONE_READY : batch.takeId(sequence);
            if (batchId != SequenceAllocator.NONE_READY) {
                return Mono.just(assignment.withSequenceId(entity, batchId)); // taken before the batch, in its order
            }
            TakenSequenceId taken = context.getOrDefault(TAKEN, null);
            return nextId(sequence).map(id -> {
                if (taken != null) {
                    taken.took(sequence, IdAssignment.sequenceValue(sequence, id));
                }
                return assignment.withSequenceId(entity, id);
            });
        });
    }

    /** The {@code @Sequence} id of one sequence that this callback took within a template call. Thread-safe. */
    static final class TakenSequenceId {

        private final SequenceAllocator sequence;
        private volatile Object id;

        TakenSequenceId(SequenceAllocator sequence) {
            this.sequence = sequence;
        }

        void took(SequenceAllocator of, Object value) {
            if (of == sequence) {
                id = value;
            }
        }

        /** The id taken, as the id property holds it; null while none was. */
        Object id() {
            return id;
        }
    }

    /**
     * The context, for a reactive template call, in which this callback tells {@code taken} the id it takes from
     * {@code taken}'s sequence: the id of an insert that collided is known, a record's too (a record's instance never
     * holds it), while the id itself is still taken here, after the callbacks ordered before this one (auditing sees
     * an entity without its id as new).
     */
    static Function<Context, Context> recordingSequenceId(TakenSequenceId taken) {
        return context -> context.put(TAKEN, taken);
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
     * The next id of {@code sequence}, taken at each subscription without blocking: at once when a range is in hand
     * ({@code tryNext()}, no future), else awaited from {@code nextAsync()}.
     */
    static Mono<Long> nextId(SequenceAllocator sequence) {
        return Mono.defer(() -> {
            long id = sequence.tryNext();
            // not suppressing the cancel: a cancelled subscriber withdraws its request from the allocator
            return id != SequenceAllocator.NONE_READY ? Mono.just(id) : Mono.fromFuture(sequence::nextAsync, false);
        });
    }

    /**
     * {@code count} ids of {@code sequence} without blocking, in order: at once from the ranges in hand
     * ({@code tryNext()}), the rest awaited one by one from {@code nextAsync()}.
     */
    static Mono<long[]> nextIds(SequenceAllocator sequence, int count) {
        return Mono.defer(() -> {
            long[] ids = new long[count];
            int got = 0;
            for (long id; got < count && (id = sequence.tryNext()) != SequenceAllocator.NONE_READY; got++) {
                ids[got] = id;
            }
            return got == count ? Mono.just(ids) : Flux.range(got, count - got)
                    .concatMap(i -> nextId(sequence).doOnNext(id -> ids[i] = id))
                    .then(Mono.just(ids));
        });
    }

    @Override
    public int getOrder() {
        return KeysmithMongoAutoConfiguration.ID_CALLBACK_ORDER;
    }
}
