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

    /** Set while a replacement is converted, whose id must stay absent (see {@link #withoutAssigning}). */
    private static final ThreadLocal<Boolean> SUSPENDED = new ThreadLocal<>();

    private final EntityIds ids;

    public AssignIdsBeforeConvert(EntityIds ids) {
        this.ids = ids;
    }

    @Override
    public Object onBeforeConvert(Object entity, String collection) {
        if (SUSPENDED.get() != null) {
            return entity;
        }
        return ids.forType(ClassUtils.getUserClass(entity)).assignIfAbsent(entity);
    }

    /**
     * Runs {@code call} (a template call on this thread) without assigning ids: a replacement without an id replaces
     * the document it matches and keeps that document's {@code _id}; an id assigned to it would alter the matched
     * document's {@code _id}, which the server refuses.
     */
    static Object withoutAssigning(Call call) throws Throwable {
        if (SUSPENDED.get() != null) {
            return call.proceed();
        }
        SUSPENDED.set(Boolean.TRUE);
        try {
            return call.proceed();
        } finally {
            SUSPENDED.remove();
        }
    }

    /** A call that may throw anything, as a method invocation does. */
    @FunctionalInterface
    interface Call {
        Object proceed() throws Throwable;
    }

    @Override
    public int getOrder() {
        return KeysmithMongoAutoConfiguration.ID_CALLBACK_ORDER;
    }
}
