package dev.keysmith.spring.mongodb.internal;

import dev.keysmith.runtime.RandomIdExhaustedException;
import java.util.function.Supplier;
import org.aopalliance.intercept.MethodInterceptor;
import org.aopalliance.intercept.MethodInvocation;
import org.reactivestreams.Publisher;
import org.springframework.data.mongodb.core.ReactiveMongoOperations;
import org.springframework.util.ClassUtils;
import reactor.core.publisher.Mono;

/**
 * Around {@code ReactiveMongoOperations.insert}, {@code save} and {@code insertAll}, what the id callback cannot do
 * on its own, without blocking:
 * <ul>
 *   <li>{@link RandomIdRetry} on the reactive route: an entity whose {@code @RandomId} is absent is inserted (a
 *       {@code save} too), and an insert that collides on {@code _id} is subscribed again with a fresh id (the id
 *       callback draws it) up to {@code @RandomId(attempts)} times, then fails with
 *       {@link RandomIdExhaustedException}. A batch that holds such entities is inserted one entity at a time, in
 *       order. A collision on any other unique index is passed on as it is; a {@code @Sequence} id that collides is
 *       {@link ReactiveSequenceRetry}'s, which runs outside this advice and also keeps a batch's sequence ids in
 *       the batch's order (it inserts such a batch one entity after the other, the others through this advice).</li>
 * </ul>
 *
 * <p>Thread-safe.
 */
public final class ReactiveInsertIds implements MethodInterceptor {

    private final Supplier<EntityIds> ids;

    public ReactiveInsertIds(Supplier<EntityIds> ids) {
        this.ids = ids;
    }

    @Override
    public Object invoke(MethodInvocation invocation) throws Throwable {
        if (!(invocation.getThis() instanceof ReactiveMongoOperations target)) {
            return invocation.proceed();
        }
        InsertCall call = InsertCall.of(invocation.getMethod(), invocation.getArguments(), target::getCollectionName);
        Publisher<?> inserts = ReactiveEachEntity.inserts(call,
                entity -> ids.get().forEntity(entity).retriesOnCollision(entity),
                (entity, collection) -> insertWithRetry(target, ids.get().forEntity(entity), entity, collection, 1),
                target::insert);
        return inserts != null ? inserts : invocation.proceed();
    }

    /** The insert of {@code entity}, subscribed again with a fresh id after each collision on {@code _id}. */
    private Mono<Object> insertWithRetry(ReactiveMongoOperations target, IdAssignment assignment, Object entity,
            String collection, int attempt) {
        return target.insert(entity, collection).onErrorResume(RandomIdRetry::isDuplicateId, collision -> {
            if (attempt >= assignment.attempts()) {
                assignment.clearId(entity); // the caller's instance is left without the id it did not get
                return Mono.error(new RandomIdExhaustedException(ClassUtils.getUserClass(entity).getSimpleName(),
                        collection, assignment.attempts(), collision));
            }
            // A mutable entity kept the id that collided; without it, the next insert draws a fresh one.
            return insertWithRetry(target, assignment, assignment.clearId(entity), collection, attempt + 1);
        });
    }
}
