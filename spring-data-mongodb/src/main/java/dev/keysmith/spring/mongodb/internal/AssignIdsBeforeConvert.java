package dev.keysmith.spring.mongodb.internal;

import dev.keysmith.runtime.SequenceAllocator;
import dev.keysmith.spring.mongodb.KeysmithMongoAutoConfiguration;
import java.util.function.Supplier;
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

    /**
     * The type of the replacement being converted on this thread, whose id must stay absent (see
     * {@link #withoutAssigning}); a type rather than the instance, since a callback before this one (auditing) may
     * return a new instance of an immutable replacement.
     */
    private static final ThreadLocal<Class<?>> REPLACEMENT = new ThreadLocal<>();

    /**
     * The {@code @Sequence} id this callback took on this thread for a template call that asked to learn it
     * ({@link #recordingSequenceId}): a one-element array, or null when no call asked.
     */
    private static final ThreadLocal<Object[]> TAKEN = new ThreadLocal<>();

    private final EntityIds ids;

    public AssignIdsBeforeConvert(EntityIds ids) {
        this.ids = ids;
    }

    @Override
    public Object onBeforeConvert(Object entity, String collection) {
        Class<?> type = ClassUtils.getUserClass(entity);
        if (REPLACEMENT.get() == type) {
            return entity;
        }
        IdAssignment assignment = ids.forType(type);
        BatchInsert.Attempt batch = BatchInsert.Attempt.current();
        if (batch != null && assignment.sequence() != null && !assignment.hasId(entity)) {
            long id = batch.takeId(assignment.sequence());
            if (id != SequenceAllocator.NONE_READY) {
                return assignment.withSequenceId(entity, id);
            }
        }
        Object[] taken = TAKEN.get();
        if (taken == null || assignment.sequence() == null || assignment.hasId(entity)) {
            return assignment.assignIfAbsent(entity);
        }
        Object withId = assignment.assignIfAbsent(entity);
        taken[0] = assignment.idOf(withId);
        return withId;
    }

    /**
     * Runs {@code call} (an insert on this thread) and returns it with the {@code @Sequence} id this callback took for
     * it, if any, in {@code taken[0]}: the id of an insert that collided is known, a record's too (a record's
     * instance never holds it), while the id itself is still taken here, after the callbacks ordered before this one.
     */
    static <T> T recordingSequenceId(Object[] taken, Supplier<T> call) {
        Object[] outer = TAKEN.get();
        TAKEN.set(taken);
        try {
            return call.get();
        } finally {
            if (outer == null) {
                TAKEN.remove();
            } else {
                TAKEN.set(outer);
            }
        }
    }

    /**
     * Runs {@code call} (a template call on this thread) without assigning an id to {@code replacement}: a replacement
     * without an id replaces the document it matches and keeps that document's {@code _id}; an id assigned to it
     * would alter the matched document's {@code _id}, which the server refuses. Entities of other types saved
     * meanwhile (by a callback) still get theirs.
     */
    static Object withoutAssigning(Object replacement, Call call) throws Throwable {
        Class<?> outer = REPLACEMENT.get();
        REPLACEMENT.set(ClassUtils.getUserClass(replacement));
        try {
            return call.proceed();
        } finally {
            if (outer == null) {
                REPLACEMENT.remove();
            } else {
                REPLACEMENT.set(outer);
            }
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
