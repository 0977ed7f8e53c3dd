package dev.keysmith.spring.mongodb.internal;

import dev.keysmith.runtime.RandomIdExhaustedException;
import dev.keysmith.runtime.SequenceAllocator;
import dev.keysmith.runtime.codec.IdStrategy;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;
import org.aopalliance.intercept.MethodInterceptor;
import org.aopalliance.intercept.MethodInvocation;
import org.springframework.aop.ProxyMethodInvocation;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.data.mongodb.core.FindAndModifyOptions;
import org.springframework.data.mongodb.core.FindAndReplaceOptions;
import org.springframework.data.mongodb.core.ReactiveBulkOperations;
import org.springframework.data.mongodb.core.ReactiveMongoOperations;
import org.springframework.data.mongodb.core.ReplaceOptions;
import org.springframework.data.mongodb.core.query.Query;
import org.springframework.data.mongodb.core.query.UpdateDefinition;
import org.springframework.util.ClassUtils;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * {@link UpsertIds} on the reactive route: around the {@code ReactiveMongoOperations} calls that can make a document
 * without keysmith's id, by the blocking route's rules ({@link UpsertIds#needsId}, {@link UpsertIds#withIdOnInsert},
 * the same refusals), without blocking:
 *
 * <ul>
 *   <li>an upsert of an entity type with a keysmith id ({@code upsert}, {@code findAndModify} with
 *       {@code upsert()}) that needs one gets {@code $setOnInsert: {_id: <fresh id>}}, the id made when the upsert
 *       is subscribed (a {@code @Sequence} id awaited from {@code nextAsync()}), a fresh one for each subscription;
 *       an upsert that collides on a drawn {@code @RandomId} is subscribed again with a fresh id, up to
 *       {@code @RandomId(attempts)} times, then fails with {@link RandomIdExhaustedException};
 *   <li>a replacement without an id ({@code findAndReplace}, {@code replace}) gets none (the id callback is told so
 *       through the call's Reactor context), so the matched document keeps its {@code _id}; with {@code upsert()}
 *       it fails with the blocking route's {@link InvalidDataAccessApiUsageException};
 *   <li>the bulk operations of an entity type ({@code bulkOps(mode, EntityClass)}) follow the same rules in their
 *       {@code upsert} and {@code replaceOne}: the calls are kept in order and made on Spring Data's bulk when
 *       {@code execute()} is subscribed, once each upsert's fresh id is there (a drawn {@code @RandomId} that
 *       collides fails the bulk write, as on the blocking route).
 * </ul>
 *
 * <p>Refusals that the blocking route throws from the template call come as the error of the returned
 * {@code Mono}; those of the bulk's {@code upsert} and {@code replaceOne} are thrown from the call, as there.
 *
 * <p>Thread-safe.
 */
public final class ReactiveUpsertIds implements MethodInterceptor {

    private final Supplier<EntityIds> ids;

    public ReactiveUpsertIds(Supplier<EntityIds> ids) {
        this.ids = ids;
    }

    @Override
    public Object invoke(MethodInvocation invocation) throws Throwable {
        if (!(invocation.getThis() instanceof ReactiveMongoOperations target)) {
            return invocation.proceed();
        }
        String name = invocation.getMethod().getName();
        Object[] args = invocation.getArguments();
        if ((name.equals("upsert") || name.equals("findAndModify")) && args.length >= 3
                && args[0] instanceof Query query && args[1] instanceof UpdateDefinition update) {
            Class<?> type = UpsertIds.firstClass(args);
            boolean upsert = name.equals("upsert") || args[2] instanceof FindAndModifyOptions options
                    && options.isUpsert();
            if (upsert && type != null) {
                return upsertWithId((ProxyMethodInvocation) invocation, target, ids.get().forType(type), query,
                        update);
            }
            return invocation.proceed();
        }
        if ((name.equals("findAndReplace") || name.equals("replace")) && args.length >= 2
                && args[0] instanceof Query && args[1] != null && !(args[1] instanceof Class)) {
            Class<?> type = ClassUtils.getUserClass(args[1]);
            IdAssignment assignment = ids.get().forType(type);
            if (assignment.hasId(args[1])) {
                return invocation.proceed();
            }
            for (Object arg : args) {
                if (arg instanceof ReplaceOptions options && options.isUpsert()) {
                    return Mono.error(UpsertIds.upsertWithoutId(name, assignment));
                }
            }
            return ((Mono<?>) invocation.proceed()).contextWrite(AssignIdsBeforeReactiveConvert.withoutAssigning(
                    entity -> ClassUtils.getUserClass(entity) == type));
        }
        if (name.equals("bulkOps")) {
            Object bulk = invocation.proceed();
            Class<?> type = UpsertIds.firstClass(args);
            return bulk instanceof ReactiveBulkOperations operations && type != null
                    ? withIds(operations, ids.get().forType(type)) : bulk;
        }
        return invocation.proceed();
    }

    /**
     * The upsert {@code invocation} with {@code $setOnInsert _id} if {@link UpsertIds#needsId} says so: a fresh id
     * per subscription, and for a {@code @RandomId}, subscribed again with another after a collision on {@code _id}.
     */
    private static Mono<?> upsertWithId(ProxyMethodInvocation invocation, ReactiveMongoOperations target,
            IdAssignment assignment, Query query, UpdateDefinition update) throws Throwable {
        try {
            if (!UpsertIds.needsId(assignment, query, update)) {
                return (Mono<?>) invocation.proceed();
            }
        } catch (InvalidDataAccessApiUsageException refused) {
            return Mono.error(refused);
        }
        int attempts = assignment.strategy() == IdStrategy.RANDOM ? assignment.attempts() : 1;
        return upsertAttempt(invocation, assignment, update, attempts, 1, () -> collection(invocation, target,
                assignment));
    }

    @SuppressWarnings("unchecked")
    private static Mono<Object> upsertAttempt(ProxyMethodInvocation invocation, IdAssignment assignment,
            UpdateDefinition update, int attempts, int attempt, Supplier<String> collection) {
        Mono<Object> upsert = freshId(assignment).flatMap(id -> {
            Object[] args = invocation.getArguments().clone();
            args[1] = UpsertIds.withIdOnInsert(update, id);
            try {
                return (Mono<Object>) invocation.invocableClone(args).proceed();
            } catch (Throwable e) {
                return Mono.error(e);
            }
        });
        if (attempts == 1) {
            return upsert;
        }
        return upsert.onErrorResume(RandomIdRetry::isDuplicateId, collision -> attempt >= attempts
                ? Mono.error(new RandomIdExhaustedException(assignment.entityType().getSimpleName(), collection.get(),
                        attempts, collision))
                : upsertAttempt(invocation, assignment, update, attempts, attempt + 1, collection));
    }

    /**
     * A fresh id of {@code assignment}'s type, when subscribed: a {@code @Sequence} id awaited without blocking,
     * the other strategies' made at once.
     */
    private static Mono<Object> freshId(IdAssignment assignment) {
        SequenceAllocator sequence = assignment.sequence();
        if (sequence == null) {
            return Mono.fromSupplier(assignment::freshId);
        }
        return AssignIdsBeforeReactiveConvert.nextId(sequence).map(id -> IdAssignment.sequenceValue(sequence, id));
    }

    private static String collection(MethodInvocation invocation, ReactiveMongoOperations target,
            IdAssignment assignment) {
        for (Object arg : invocation.getArguments()) {
            if (arg instanceof String named) {
                return named;
            }
        }
        return target.getCollectionName(assignment.entityType());
    }

    /**
     * {@code bulk} with the template's rules in its {@code upsert} and {@code replaceOne}: a JDK proxy of the
     * interface, whose chained calls return the proxy. Spring Data's reactive bulk takes each call at once and
     * writes at {@code execute()}; a {@code @Sequence} id can only be awaited, so every call is kept, in order, and
     * made on {@code bulk} when {@code execute()} is subscribed, each upsert once its fresh id is there. The checks
     * that refuse a call are made at the call, as on the blocking route. Not thread-safe, as Spring Data's bulk is
     * not.
     */
    private ReactiveBulkOperations withIds(ReactiveBulkOperations bulk, IdAssignment type) {
        if (type.strategy() == IdStrategy.ASSIGNED) {
            return bulk;
        }
        List<Supplier<Mono<?>>> calls = new ArrayList<>();
        // the replacements without id (by identity: an entity may be equal to another that is inserted)
        Set<Object> replacements = Collections.newSetFromMap(new IdentityHashMap<>());
        return (ReactiveBulkOperations) Proxy.newProxyInstance(ReactiveBulkOperations.class.getClassLoader(),
                new Class<?>[] {ReactiveBulkOperations.class}, (proxy, method, arguments) -> {
                    String name = method.getName();
                    if (name.equals("execute") && method.getParameterCount() == 0) {
                        return Mono.defer(() -> {
                            List<Supplier<Mono<?>>> made = List.copyOf(calls);
                            calls.clear();
                            return Flux.fromIterable(made).concatMap(Supplier::get).then(Mono.defer(bulk::execute));
                        }).contextWrite(AssignIdsBeforeReactiveConvert.withoutAssigning(replacements::contains));
                    }
                    if (name.equals("upsert") && arguments.length == 2 && arguments[0] instanceof Query query
                            && arguments[1] instanceof UpdateDefinition update
                            && UpsertIds.needsId(type, query, update)) {
                        calls.add(() -> freshId(type).doOnNext(id ->
                                bulk.upsert(query, UpsertIds.withIdOnInsert(update, id))));
                        return proxy;
                    }
                    if (name.equals("replaceOne") && arguments.length >= 2 && arguments[1] != null) {
                        IdAssignment replaced = ids.get().forType(ClassUtils.getUserClass(arguments[1]));
                        if (!replaced.hasId(arguments[1])) {
                            if (arguments.length == 3 && arguments[2] instanceof FindAndReplaceOptions options
                                    && options.isUpsert()) {
                                throw UpsertIds.upsertWithoutId("replaceOne", replaced);
                            }
                            replacements.add(arguments[1]);
                        }
                    }
                    if (method.getReturnType() != ReactiveBulkOperations.class) {
                        return UpsertIds.invoke(method, bulk, arguments); // Object's methods
                    }
                    calls.add(() -> Mono.defer(() -> {
                        try {
                            UpsertIds.invoke(method, bulk, arguments);
                            return Mono.empty();
                        } catch (Throwable e) {
                            return Mono.error(e);
                        }
                    }));
                    return proxy;
                });
    }
}
