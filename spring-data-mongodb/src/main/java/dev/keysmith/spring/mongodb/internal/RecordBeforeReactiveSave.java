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
            BatchInsert.Attempt batch = context.getOrDefault(BatchInsert.Attempt.CONTEXT_KEY, null);
            if (batch != null) {
                batch.record(entity, document, collection);
            }
            return Mono.just(entity);
        });
    }

    @Override
    public int getOrder() {
        return Ordered.LOWEST_PRECEDENCE;
    }
}
