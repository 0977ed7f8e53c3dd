package dev.keysmith.spring.mongodb.internal;

import org.bson.Document;
import org.reactivestreams.Publisher;
import org.springframework.core.Ordered;
import org.springframework.data.mongodb.core.mapping.event.ReactiveBeforeSaveCallback;
import reactor.core.publisher.Mono;

/**
 * {@link RecordBeforeSave} on the reactive template: the last before-save callback, which records each entity of a
 * batch insert of keysmith's (the attempt in the call's Reactor context) with its document.
 *
 * <p>Thread-safe.
 */
public final class RecordBeforeReactiveSave implements ReactiveBeforeSaveCallback<Object>, Ordered {

    @Override
    public Publisher<Object> onBeforeSave(Object entity, Document document, String collection) {
        return Mono.deferContextual(context -> {
            context.<BatchInsert.Attempt>getOrEmpty(BatchInsert.Attempt.CONTEXT_KEY)
                    .ifPresent(batch -> batch.record(entity, document, collection));
            return Mono.just(entity);
        });
    }

    @Override
    public int getOrder() {
        return Ordered.LOWEST_PRECEDENCE;
    }
}
