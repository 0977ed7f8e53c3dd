package dev.keysmith.spring.mongodb.internal;

import org.springframework.core.Ordered;
import org.springframework.data.mongodb.core.mapping.event.BeforeConvertCallback;
import org.springframework.util.ClassUtils;

/**
 * Assigns a keysmith id to an entity that has none, before {@code MongoTemplate} converts it for an insert or a
 * save (repositories go through the template). Runs first among the callbacks, so that later ones see the id.
 *
 * <p>Thread-safe.
 */
public final class AssignIdsBeforeConvert implements BeforeConvertCallback<Object>, Ordered {

    private final EntityIds ids;

    public AssignIdsBeforeConvert(EntityIds ids) {
        this.ids = ids;
    }

    @Override
    public Object onBeforeConvert(Object entity, String collection) {
        return ids.forType(ClassUtils.getUserClass(entity)).assignIfAbsent(entity);
    }

    @Override
    public int getOrder() {
        return Ordered.HIGHEST_PRECEDENCE;
    }
}
