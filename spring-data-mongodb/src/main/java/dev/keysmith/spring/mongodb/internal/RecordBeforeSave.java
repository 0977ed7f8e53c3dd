package dev.keysmith.spring.mongodb.internal;

import org.bson.Document;
import org.springframework.core.Ordered;
import org.springframework.data.mongodb.core.mapping.event.BeforeSaveCallback;

/**
 * The last before-save callback of {@code MongoTemplate}: during a batch insert of keysmith's ({@link BatchInsert}),
 * records each entity as the template is about to store it, with its document, so that the entities a batch stored
 * before a collision part-way get their after-save callbacks as the template would run them. Does nothing otherwise.
 *
 * <p>Thread-safe.
 */
public final class RecordBeforeSave implements BeforeSaveCallback<Object>, Ordered {

    @Override
    public Object onBeforeSave(Object entity, Document document, String collection) {
        BatchInsert.Attempt batch = BatchInsert.Attempt.current();
        if (batch != null) {
            batch.record(entity, document, collection);
        }
        return entity;
    }

    @Override
    public int getOrder() {
        return Ordered.LOWEST_PRECEDENCE;
    }
}
