package dev.keysmith.spring.mongodb.internal;

import dev.keysmith.runtime.RandomIdExhaustedException;
import dev.keysmith.runtime.codec.IdStrategy;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.List;
import java.util.function.Supplier;
import org.aopalliance.intercept.MethodInterceptor;
import org.aopalliance.intercept.MethodInvocation;
import org.bson.Document;
import org.springframework.aop.ProxyMethodInvocation;
import org.springframework.dao.DataAccessException;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.data.mongodb.core.BulkOperations;
import org.springframework.data.mongodb.core.FindAndModifyOptions;
import org.springframework.data.mongodb.core.FindAndReplaceOptions;
import org.springframework.data.mongodb.core.MongoOperations;
import org.springframework.data.mongodb.core.ReplaceOptions;
import org.springframework.data.mongodb.core.aggregation.AggregationUpdate;
import org.springframework.data.mongodb.core.query.Query;
import org.springframework.data.mongodb.core.query.UpdateDefinition;
import org.springframework.data.util.Pair;
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
 *       when the server inserts, and the server would make an ObjectId;
 *   <li>the bulk operations of an entity type ({@code bulkOps(mode, EntityClass)}) follow the same two rules in
 *       their {@code upsert} and {@code replaceOne}.
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
                if (arg instanceof ReplaceOptions options) {
                    refuseUpsertWithoutId(name, assignment, options);
                }
            }
            return AssignIdsBeforeConvert.withoutAssigning(args[1], invocation::proceed);
        }
        if (name.equals("bulkOps")) {
            Object bulk = invocation.proceed();
            Class<?> type = firstClass(args);
            return bulk instanceof BulkOperations operations && type != null
                    ? withIds(operations, ids.get().forType(type)) : bulk;
        }
        return invocation.proceed();
    }

    private static void refuseUpsertWithoutId(String call, IdAssignment assignment, ReplaceOptions options) {
        if (options.isUpsert()) {
            throw upsertWithoutId(call, assignment);
        }
    }

    /** The refusal of a replacement with {@code upsert()} and without its id, by the template call {@code call}. */
    static InvalidDataAccessApiUsageException upsertWithoutId(String call, IdAssignment assignment) {
        return new InvalidDataAccessApiUsageException(call + " with upsert() of a " + assignment.entityType().getName()
                + " without its id: keysmith cannot give the id only when the server inserts, and the server would"
                + " store an ObjectId _id instead of the " + assignment.strategy() + " id; query by the id and set it"
                + " on the replacement, or insert new entities with save or insert");
    }

    /**
     * {@code bulk} with the same rules as the template: upserts get {@code $setOnInsert _id} (a drawn
     * {@code @RandomId} that collides fails the bulk write: it is not retried), a {@code replaceOne} without an id
     * keeps the matched document's, and with {@code upsert()} is refused. A JDK proxy of the interface, whose
     * chained calls return the proxy.
     */
    private BulkOperations withIds(BulkOperations bulk, IdAssignment type) {
        if (type.strategy() == IdStrategy.ASSIGNED) {
            return bulk;
        }
        return (BulkOperations) Proxy.newProxyInstance(BulkOperations.class.getClassLoader(),
                new Class<?>[] {BulkOperations.class}, (proxy, method, arguments) -> {
                    String name = method.getName();
                    Object result;
                    if (name.equals("upsert") && arguments.length == 2 && arguments[0] instanceof Query query
                            && arguments[1] instanceof UpdateDefinition update) {
                        result = bulk.upsert(query, updateWithId(type, query, update));
                    } else if (name.equals("upsert") && arguments.length == 1
                            && arguments[0] instanceof List<?> pairs) {
                        for (Object element : pairs) {
                            Pair<?, ?> pair = (Pair<?, ?>) element;
                            Query query = (Query) pair.getFirst();
                            bulk.upsert(query, updateWithId(type, query, (UpdateDefinition) pair.getSecond()));
                        }
                        result = bulk;
                    } else if (name.equals("replaceOne") && arguments.length >= 2 && arguments[1] != null
                            && !ids.get().forType(ClassUtils.getUserClass(arguments[1])).hasId(arguments[1])) {
                        FindAndReplaceOptions options = arguments.length == 3
                                ? (FindAndReplaceOptions) arguments[2] : FindAndReplaceOptions.empty();
                        refuseUpsertWithoutId("replaceOne",
                                ids.get().forType(ClassUtils.getUserClass(arguments[1])), options);
                        result = AssignIdsBeforeConvert.withoutAssigning(arguments[1],
                                () -> bulk.replaceOne((Query) arguments[0], arguments[1], options));
                    } else {
                        result = invoke(method, bulk, arguments);
                    }
                    return result == bulk ? proxy : result;
                });
    }

    private static Object upsertWithId(MethodInvocation invocation, IdAssignment assignment, Query query,
            UpdateDefinition update) throws Throwable {
        if (!needsId(assignment, query, update)) {
            return invocation.proceed();
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
                    throw new RandomIdExhaustedException(assignment.entityType().getSimpleName(),
                            collection(invocation, assignment), attempts, e);
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

    /** The update of an upsert: {@code update}, with a fresh id on insert if {@link #needsId} says so. */
    private static UpdateDefinition updateWithId(IdAssignment assignment, Query query, UpdateDefinition update) {
        return needsId(assignment, query, update) ? withIdOnInsert(update, assignment.freshId()) : update;
    }

    /**
     * Whether an upsert of {@code assignment}'s entity type needs keysmith's id on insert: the type has a keysmith
     * id, and neither the query nor the update fixes it.
     *
     * @throws InvalidDataAccessApiUsageException for a pipeline update that does not fix the id
     */
    static boolean needsId(IdAssignment assignment, Query query, UpdateDefinition update) {
        if (assignment.strategy() == IdStrategy.ASSIGNED || fixesId(assignment, query, update)) {
            return false;
        }
        if (update instanceof AggregationUpdate) {
            throw new InvalidDataAccessApiUsageException("an upsert of " + assignment.entityType().getName()
                    + " with an aggregation pipeline update cannot get keysmith's id ($setOnInsert is not a pipeline"
                    + " stage), and the server would store an ObjectId _id instead of the " + assignment.strategy()
                    + " id; query by the id, set _id in the pipeline, or use an Update");
        }
        return true;
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
    static UpdateDefinition withIdOnInsert(UpdateDefinition update, Object id) {
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

    static Object invoke(Method method, Object target, Object[] arguments) throws Throwable {
        try {
            return method.invoke(target, arguments);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    static Class<?> firstClass(Object[] args) {
        for (Object arg : args) {
            if (arg instanceof Class<?> type) {
                return type;
            }
        }
        return null;
    }
}
