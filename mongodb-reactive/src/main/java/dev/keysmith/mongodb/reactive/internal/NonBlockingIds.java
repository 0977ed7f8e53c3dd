package dev.keysmith.mongodb.reactive.internal;

import dev.keysmith.runtime.SequenceAllocator;
import dev.keysmith.runtime.codec.EntityCodec;
import reactor.core.publisher.Mono;

/**
 * Gives entities their ids without blocking: a {@code @Sequence} id is taken with
 * {@link SequenceAllocator#tryNext()} when a range is in hand, else awaited from
 * {@link SequenceAllocator#nextAsync()} (cancelling the {@code Mono} withdraws the request: at most a gap), every
 * other strategy makes its id at once through the codec.
 *
 * <p>Thread-safe (stateless).
 */
public final class NonBlockingIds {

    private NonBlockingIds() {
    }

    /** {@code entity} itself if it has an id, else the entity with a new one. */
    public static <T> Mono<T> ifAbsent(EntityCodec<T> codec, T entity) {
        return Mono.defer(() -> codec.documentHasId(entity) ? Mono.just(entity)
                : codec.sequence() != null ? fromSequence(codec, entity)
                : Mono.fromSupplier(() -> codec.generateIdIfAbsentFromDocument(entity)));
    }

    /** The entity with a new id, whether or not it had one (to retry an insert after a duplicate id). */
    public static <T> Mono<T> fresh(EntityCodec<T> codec, T entity) {
        return codec.sequence() != null ? fromSequence(codec, entity) : Mono.fromSupplier(() -> codec.withNewId(entity));
    }

    private static <T> Mono<T> fromSequence(EntityCodec<T> codec, T entity) {
        SequenceAllocator sequence = codec.sequence();
        return Mono.defer(() -> {
            long id = sequence.tryNext(); // an id of a range in hand: no future
            if (id != SequenceAllocator.NONE_READY) {
                return Mono.just(codec.withSequenceId(entity, id));
            }
            // not suppressing the cancel: a cancelled subscriber withdraws its request from the allocator
            return Mono.fromFuture(sequence::nextAsync, false).map(next -> codec.withSequenceId(entity, next));
        });
    }
}
