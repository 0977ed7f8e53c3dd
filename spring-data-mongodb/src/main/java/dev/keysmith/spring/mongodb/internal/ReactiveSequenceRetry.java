package dev.keysmith.spring.mongodb.internal;

import dev.keysmith.mongodb.DuplicateSequenceIdException;
import dev.keysmith.runtime.CounterStatus;
import dev.keysmith.spring.mongodb.KeysmithReactiveSequenceCounters;
import java.util.List;
import java.util.function.Supplier;
import org.aopalliance.intercept.MethodInterceptor;
import org.aopalliance.intercept.MethodInvocation;
import org.reactivestreams.Publisher;
import org.springframework.aop.ProxyMethodInvocation;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.data.mongodb.core.ReactiveMongoOperations;
import reactor.core.publisher.Mono;

/**
 * Around {@code ReactiveMongoOperations.insert}, {@code save} and {@code insertAll}, the blocking route's resync of a
 * {@code @Sequence} behind its data ({@link RandomIdRetry}), without blocking: an entity whose {@code @Sequence} id is
 * absent is inserted (a {@code save} too: an upsert on an id the data already holds would overwrite that document),
 * and an insert that collides on {@code _id} (the counter is behind the collection's data) resyncs the sequence
 * through the reactive driver ({@link KeysmithReactiveSequenceCounters#resyncAfterDuplicate}) and is subscribed again
 * once with a fresh id (taken here with {@code nextAsync()}, as the id callback would, so that a record's id is known
 * for the message too); a second collision, or the first with
 * {@code keysmith.resync-on-duplicate-id=false}, fails with Spring's {@link DuplicateKeyException} whose message (and
 * cause, {@link DuplicateSequenceIdException}) names the entity, the sequence, the id and the fix, and the caller's
 * instance keeps no id. A batch that holds such entities is inserted one entity at a time, in the batch's order (so
 * {@code saveAll([a, b, c])} gets increasing ids at {@code batch = 1}), each retried on its own; its other entities go
 * through the template's proxy one by one, so {@link ReactiveInsertIds} still retries a {@code @RandomId} among them.
 * It runs outside {@link ReactiveInsertIds}.
 *
 * <p>Thread-safe.
 */
public final class ReactiveSequenceRetry implements MethodInterceptor {

    private final Supplier<EntityIds> ids;
    private final Supplier<KeysmithReactiveSequenceCounters> counters;

    public ReactiveSequenceRetry(Supplier<EntityIds> ids, Supplier<KeysmithReactiveSequenceCounters> counters) {
        this.ids = ids;
        this.counters = counters;
    }

    @Override
    public Object invoke(MethodInvocation invocation) throws Throwable {
        if (!(invocation.getThis() instanceof ReactiveMongoOperations target)) {
            return invocation.proceed();
        }
        InsertCall call = InsertCall.of(invocation.getMethod(), invocation.getArguments(), target::getCollectionName);
        // a batch's other entities through the proxy, one by one, so that the advice inside this one still applies
        ReactiveMongoOperations proxy = invocation instanceof ProxyMethodInvocation proxied
                && proxied.getProxy() instanceof ReactiveMongoOperations operations ? operations : target;
        Publisher<?> inserts = ReactiveEachEntity.inserts(call,
                entity -> ids.get().forEntity(entity).resyncsOnCollision(entity),
                (entity, collection) -> insertWithResync(target, ids.get().forEntity(entity), entity, collection, null),
                proxy::insert);
        return inserts != null ? inserts : invocation.proceed();
    }

    /**
     * The insert of {@code entity} with its sequence id taken here (without blocking: the id callback then finds it
     * there), so that the id is known when it collides, a record's too; after a collision on {@code _id}, the sequence
     * resynced and the insert subscribed again with a fresh id, once.
     *
     * @param resynced what the resync after the first collision did, or null while none ran for this insert
     */
    private Mono<Object> insertWithResync(ReactiveMongoOperations target, IdAssignment assignment, Object entity,
            String collection, List<CounterStatus> resynced) {
        return AssignIdsBeforeReactiveConvert.assignIfAbsent(assignment, entity).flatMap(candidate -> target
                .insert(candidate, collection)
                .onErrorResume(RandomIdRetry::isDuplicateId, collision -> counters.get()
                        .resyncAfterDuplicate(assignment, collection, assignment.idOf(candidate), resynced, collision)
                        .onErrorMap(DuplicateSequenceIdException.class, duplicate -> {
                            assignment.clearId(candidate); // the caller's instance is left without the id it did not get
                            return new DuplicateKeyException(duplicate.getMessage(), duplicate);
                        })
                        // a mutable entity holds the id that collided: without it, it takes a fresh one
                        .flatMap(done -> insertWithResync(target, assignment, assignment.clearId(candidate),
                                collection, done))));
    }
}
