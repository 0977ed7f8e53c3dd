package dev.keysmith.spring.mongodb.internal;

import dev.keysmith.spring.mongodb.KeysmithMongoAutoConfiguration;
import org.springframework.core.Ordered;
import org.springframework.data.mongodb.core.mapping.event.BeforeConvertCallback;
import org.springframework.util.ClassUtils;

/**
 * Assigns a keysmith id to an entity that has none, before {@code MongoTemplate} converts it for an insert or a
 * save (repositories go through the template). Its order is {@link KeysmithMongoAutoConfiguration#ID_CALLBACK_ORDER}:
 * after Spring Data's auditing callback (order 100), which must still see a new entity as new (an entity without
 * {@code @Version} is new while its id is absent; with the id already assigned, {@code @CreatedDate} would stay
 * empty), and before the application's callbacks that carry no order of their own, which see the id.
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
        return KeysmithMongoAutoConfiguration.ID_CALLBACK_ORDER;
    }
}
