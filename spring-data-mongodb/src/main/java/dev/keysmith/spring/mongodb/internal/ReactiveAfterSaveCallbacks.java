package dev.keysmith.spring.mongodb.internal;

import java.lang.reflect.Method;
import org.bson.Document;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import org.springframework.data.mongodb.core.mapping.event.AfterSaveEvent;
import org.springframework.data.mongodb.core.mapping.event.MongoMappingEvent;
import reactor.core.publisher.Mono;

/**
 * {@link AfterSaveCallbacks} on the reactive template: its {@code AfterSaveEvent} and after-save callbacks for an
 * entity that a batch which failed part-way stored, through the template's own (protected) steps.
 *
 * <p>Stateless; thread-safe.
 */
final class ReactiveAfterSaveCallbacks {

    private static final Method EMIT_EVENT = TemplateSteps.step(ReactiveMongoTemplate.class, "maybeEmitEvent",
            MongoMappingEvent.class);
    private static final Method AFTER_SAVE = TemplateSteps.step(ReactiveMongoTemplate.class, "maybeCallAfterSave",
            Object.class, Document.class, String.class);

    private ReactiveAfterSaveCallbacks() {
    }

    /** {@code entity}, stored as {@code document} in {@code collection}, as the after-save callbacks give it. */
    @SuppressWarnings("unchecked")
    static Mono<Object> afterSave(ReactiveMongoTemplate template, Object entity, Document document,
            String collection) {
        return Mono.defer(() -> {
            TemplateSteps.call(EMIT_EVENT, template, new AfterSaveEvent<>(entity, document, collection));
            return (Mono<Object>) TemplateSteps.call(AFTER_SAVE, template, entity, document, collection);
        });
    }
}
