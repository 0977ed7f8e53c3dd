package dev.keysmith.spring.mongodb.internal;

import dev.keysmith.runtime.RandomIdExhaustedException;
import java.util.function.Supplier;
import org.aopalliance.intercept.MethodInterceptor;
import org.aopalliance.intercept.MethodInvocation;
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
 *       {@link RandomIdExhaustedException}. A collision on any other unique index is passed on as it is; a
 *       {@code @Sequence} id that collides is {@link ReactiveSequenceRetry}'s, which runs outside this advice, and so
 *       are the batches of both strategies (one {@code insertMany}, recovered part-way).</li>
 *   <li>a {@code save} of an entity whose keysmith id is absent (every strategy) is an insert: Spring Data MongoDB
 *       4.5.0 to 4.5.8 (Spring Boot 3.5.0 to 3.5.10) checks that the id can be generated before the callbacks run
 *       and refuses an absent {@code UUID} id.</li>
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
        if (!call.oneEntity()) {
            return invocation.proceed();
        }
        Object entity = call.entity();
        IdAssignment assignment = ids.get().forEntity(entity);
        if (assignment.retriesOnCollision(entity)) {
            return insertWithRetry(target, assignment, entity, call.collectionOf(entity), 1);
        }
        if (call.save() && !assignment.hasId(entity)) {
            // Spring Data MongoDB 4.5.0 to 4.5.8 refuses a save of an entity whose UUID id is absent before the id
            // callback runs ("Cannot autogenerate id"); an entity without its id is new, so the save is an insert
            return target.insert(entity, call.collectionOf(entity));
        }
        return invocation.proceed();
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
