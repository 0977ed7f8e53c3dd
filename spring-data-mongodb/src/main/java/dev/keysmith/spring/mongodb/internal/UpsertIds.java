package dev.keysmith.spring.mongodb.internal;

import dev.keysmith.mongodb.IdCollisionException;
import dev.keysmith.runtime.codec.IdStrategy;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.function.Supplier;
import org.aopalliance.intercept.MethodInterceptor;
import org.aopalliance.intercept.MethodInvocation;
import org.bson.Document;
import org.springframework.aop.ProxyMethodInvocation;
import org.springframework.dao.DataAccessException;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.data.mongodb.core.FindAndModifyOptions;
import org.springframework.data.mongodb.core.MongoOperations;
import org.springframework.data.mongodb.core.ReplaceOptions;
import org.springframework.data.mongodb.core.aggregation.AggregationUpdate;
import org.springframework.data.mongodb.core.query.Query;
import org.springframework.data.mongodb.core.query.UpdateDefinition;
import org.springframework.util.ClassUtils;

/**
 * Around the {@link MongoOperations} calls that can make a document without keysmith's id, so that none is stored
 * without it:
 *
 * <ul>
 *   <li>an upsert of an entity type with a keysmith id ({@code upsert}, {@code findAndModify} with
 *       {@code upsert()}) whose query does not fix the id and whose update does not set it gets
 *       {@code $setOnInsert: {_id: <fresh id>}}: a document the server inserts has keysmith's id, a document it
 *       updates keeps its own (the fresh id is then unused; for a sequence, a gap). The caller's update is not
 *       changed. An upsert that collides on a drawn {@code @RandomId} is retried like an insert;
 *   <li>a replacement without an id ({@code findAndReplace}, {@code replace}) is left without one, so the matched
 *       document keeps its {@code _id}; with {@code upsert()} it is refused, since keysmith cannot give an id only
 *       when the server inserts, and the server would make an ObjectId.
 * </ul>
 *
 * <p>Thread-safe.
 */
public final class UpsertIds implements MethodInterceptor {

    private final Supplier<EntityIds> ids;

    public UpsertIds(Supplier<EntityIds> ids) {
        this.ids = ids;
    }

    @Override
    public Object invoke(MethodInvocation invocation) throws Throwable {
        if (!(invocation.getThis() instanceof MongoOperations)) {
            return invocation.proceed();
        }
        String name = invocation.getMethod().getName();
        Object[] args = invocation.getArguments();
        if ((name.equals("upsert") || name.equals("findAndModify")) && args.length >= 3
                && args[0] instanceof Query query && args[1] instanceof UpdateDefinition update) {
            Class<?> type = firstClass(args);
            FindAndModifyOptions options = args[2] instanceof FindAndModifyOptions given ? given : null;
            boolean upsert = name.equals("upsert") || options != null && options.isUpsert();
            if (upsert && type != null) {
                return upsertWithId(invocation, ids.get().forType(type), query, update);
            }
            return invocation.proceed();
        }
        if ((name.equals("findAndReplace") || name.equals("replace")) && args.length >= 2
                && args[0] instanceof Query && args[1] != null && !(args[1] instanceof Class)) {
            IdAssignment assignment = ids.get().forType(ClassUtils.getUserClass(args[1]));
            if (assignment.hasId(args[1])) {
                return invocation.proceed();
            }
            for (Object arg : args) {
                if (arg instanceof ReplaceOptions options && options.isUpsert()) {
                    throw new InvalidDataAccessApiUsageException(name + " with upsert() of a "
                            + assignment.entityType().getName() + " without its id: keysmith cannot give the id only"
                            + " when the server inserts, and the server would store an ObjectId _id instead of the "
                            + assignment.strategy() + " id; query by the id and set it on the replacement, or insert"
                            + " new entities with save or insert");
                }
            }
            return AssignIdsBeforeConvert.withoutAssigning(args[1], invocation::proceed);
        }
        return invocation.proceed();
    }

    private static Object upsertWithId(MethodInvocation invocation, IdAssignment assignment, Query query,
            UpdateDefinition update) throws Throwable {
        if (assignment.strategy() == IdStrategy.ASSIGNED || fixesId(assignment, query, update)) {
            return invocation.proceed();
        }
        if (update instanceof AggregationUpdate) {
            throw new InvalidDataAccessApiUsageException("an upsert of " + assignment.entityType().getName()
                    + " with an aggregation pipeline update cannot get keysmith's id ($setOnInsert is not a pipeline"
                    + " stage), and the server would store an ObjectId _id instead of the " + assignment.strategy()
                    + " id; query by the id, set _id in the pipeline, or use an Update");
        }
        int attempts = assignment.strategy() == IdStrategy.RANDOM ? assignment.attempts() : 1;
        for (int attempt = 1; ; attempt++) {
            Object[] args = invocation.getArguments().clone();
            args[1] = withIdOnInsert(update, assignment.freshId());
            try {
                return ((ProxyMethodInvocation) invocation).invocableClone(args).proceed();
            } catch (DataAccessException e) {
                if (attempts == 1 || !RandomIdRetry.isDuplicateId(e)) {
                    throw e;
                }
                if (attempt >= attempts) {
                    throw new IdCollisionException(collection(invocation, assignment), attempts, e);
                }
            }
        }
    }

    private static String collection(MethodInvocation invocation, IdAssignment assignment) {
        for (Object arg : invocation.getArguments()) {
            if (arg instanceof String named) {
                return named;
            }
        }
        return ((MongoOperations) invocation.getThis()).getCollectionName(assignment.entityType());
    }

    /** Whether the query names the id by equality (the server inserts with it), or the update sets it. */
    private static boolean fixesId(IdAssignment assignment, Query query, UpdateDefinition update) {
        Document filter = query.getQueryObject();
        Document operations = update instanceof AggregationUpdate ? new Document() : update.getUpdateObject();
        for (String key : assignment.idKeys()) {
            Object value = filter.get(key);
            if (value != null && !(value instanceof Document condition
                    && condition.keySet().stream().anyMatch(operator -> operator.startsWith("$")))) {
                return true;
            }
            for (Object operation : operations.values()) {
                if (operation instanceof Document fields && fields.containsKey(key)) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * {@code update} with {@code $setOnInsert: {_id: id}} added, leaving {@code update} as it is. A proxy rather
     * than a class: the interface's signatures differ between Spring Data MongoDB 4 and 5.
     */
    private static UpdateDefinition withIdOnInsert(UpdateDefinition update, Object id) {
        return (UpdateDefinition) Proxy.newProxyInstance(UpdateDefinition.class.getClassLoader(),
                new Class<?>[] {UpdateDefinition.class}, (proxy, method, arguments) -> {
                    switch (method.getName()) {
                        case "getUpdateObject" -> {
                            Document document = new Document(update.getUpdateObject());
                            Object onInsert = document.get("$setOnInsert");
                            Document fields = onInsert instanceof Document given ? new Document(given) : new Document();
                            fields.put("_id", id);
                            document.put("$setOnInsert", fields);
                            return document;
                        }
                        case "modifies" -> {
                            return "_id".equals(arguments[0]) || update.modifies((String) arguments[0]);
                        }
                        case "equals" -> {
                            return proxy == arguments[0];
                        }
                        case "hashCode" -> {
                            return System.identityHashCode(proxy);
                        }
                        default -> {
                            Object result = invoke(method, update, arguments);
                            return result == update ? proxy : result;
                        }
                    }
                });
    }

    private static Object invoke(Method method, Object target, Object[] arguments) throws Throwable {
        try {
            return method.invoke(target, arguments);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    private static Class<?> firstClass(Object[] args) {
        for (Object arg : args) {
            if (arg instanceof Class<?> type) {
                return type;
            }
        }
        return null;
    }
}
