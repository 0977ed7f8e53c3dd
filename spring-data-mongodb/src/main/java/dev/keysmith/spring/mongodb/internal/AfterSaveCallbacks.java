package dev.keysmith.spring.mongodb.internal;

import java.lang.reflect.Method;
import org.bson.Document;
import org.springframework.data.mongodb.core.MongoTemplate;
import org.springframework.data.mongodb.core.mapping.event.AfterSaveEvent;
import org.springframework.data.mongodb.core.mapping.event.MongoMappingEvent;

/**
 * What {@code MongoTemplate} does for each entity its batch insert stored, for the entities a batch that failed
 * part-way stored ({@link BatchInsert}): the id populated, the {@code AfterSaveEvent} published and the after-save
 * callbacks run, through the template's own (protected) steps, so that its settings hold (events switched off, its
 * own entity callbacks). The template runs them only when its whole batch was stored; these steps are the same on
 * Spring Data MongoDB 4.5 to 5.1.
 *
 * <p>Stateless; thread-safe.
 */
final class AfterSaveCallbacks {

    private static final Method POPULATE_ID = TemplateSteps.step(MongoTemplate.class, "populateIdIfNecessary",
            Object.class, Object.class);
    private static final Method EMIT_EVENT = TemplateSteps.step(MongoTemplate.class, "maybeEmitEvent",
            MongoMappingEvent.class);
    private static final Method AFTER_SAVE = TemplateSteps.step(MongoTemplate.class, "maybeCallAfterSave", Object.class,
            Document.class, String.class);

    private AfterSaveCallbacks() {
    }

    /** {@code entity}, stored as {@code document} in {@code collection}, as the after-save callbacks return it. */
    static Object afterSave(MongoTemplate template, Object entity, Document document, String collection) {
        Object saved = TemplateSteps.call(POPULATE_ID, template, entity, document.get("_id"));
        TemplateSteps.call(EMIT_EVENT, template, new AfterSaveEvent<>(saved, document, collection));
        return TemplateSteps.call(AFTER_SAVE, template, saved, document, collection);
    }
}
