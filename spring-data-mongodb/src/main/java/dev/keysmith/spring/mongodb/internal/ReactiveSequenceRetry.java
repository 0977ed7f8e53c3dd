package dev.keysmith.spring.mongodb.internal;

import dev.keysmith.mongodb.DuplicateSequenceIdException;
import dev.keysmith.runtime.CounterStatus;
import dev.keysmith.spring.mongodb.KeysmithReactiveSequenceCounters;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.aopalliance.intercept.MethodInterceptor;
import org.aopalliance.intercept.MethodInvocation;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.data.mongodb.core.ReactiveMongoOperations;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Around {@code ReactiveMongoOperations.insert}, {@code save} and {@code insertAll}, the blocking route's resync of a
 * {@code @Sequence} behind its data ({@link RandomIdRetry}), without blocking: an entity whose {@code @Sequence} id is
 * absent is inserted (a {@code save} too: an upsert on an id the data already holds would overwrite that document),
 * and an insert that collides on {@code _id} (the counter is behind the collection's data) resyncs the sequence
 * through the reactive driver ({@link KeysmithReactiveSequenceCounters#resyncAfterDuplicate}) and is subscribed again
 * once with a fresh id. The id callback takes the id, after the callbacks ordered before it (auditing must see the
 * entity as new), and tells this advice which id it took (through the call's Reactor context), so that a record's id
 * is known for the message too; a second collision, or the first with
 * {@code keysmith.resync-on-duplicate-id=false}, fails with Spring's {@link DuplicateKeyException} whose message (and
 * cause, {@link DuplicateSequenceIdException}) names the entity, the sequence, the id and the fix, and the caller's
 * instance keeps no id. A batch that holds {@code @Sequence} or {@code @RandomId} entities whose ids keysmith
 * assigns is inserted here, for both strategies, with one {@code insertMany} (per collection): its sequence ids are
 * taken before it, in the batch's order (so {@code saveAll([a, b, c])} gets increasing ids), and a collision part-way
 * is recovered as {@link BatchInsert} decides. It runs outside {@link ReactiveInsertIds}.
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
        if (call.batch() && target instanceof ReactiveMongoTemplate template
                && BatchInsert.anyRetried(ids.get(), call)) {
            EntityIds entityIds = ids.get(); // once per call, not per entity
            List<InsertCall.Group> groups = call.byCollection();
            return Flux.fromIterable(groups)
                    .concatMap(group -> insertBatch(template, new BatchInsert(entityIds, group.entities(),
                            group.collection())).collectList())
                    .collectList()
                    .flatMapIterable(saved -> InsertCall.inBatchOrder(groups, saved));
        }
        if (call.oneEntity() && ids.get().forEntity(call.entity()).resyncsOnCollision(call.entity())) {
            return insertWithResync(target, ids.get().forEntity(call.entity()), call.entity(),
                    call.collectionOf(call.entity()), null);
        }
        return invocation.proceed();
    }

    /**
     * {@link RandomIdRetry}'s batch insert on the reactive route: one {@code insertMany} per attempt, its sequence ids
     * taken before it without blocking (so that the id callback hands them out at once, in the batch's order), a
     * collision of a keysmith id part-way recovered as {@link BatchInsert} decides.
     */
    private Flux<Object> insertBatch(ReactiveMongoTemplate template, BatchInsert batch) {
        List<Object> saved = new ArrayList<>();
        return attempt(template, batch, saved).thenMany(Flux.defer(() -> Flux.fromIterable(saved)));
    }

    private Mono<Void> attempt(ReactiveMongoTemplate template, BatchInsert batch, List<Object> saved) {
        return Mono.defer(() -> {
            BatchInsert.Attempt attempt = batch.nextAttempt();
            Mono<Void> sequenceIds = attempt.sequenceIds() == 0 ? Mono.empty()
                    : AssignIdsBeforeReactiveConvert.nextIds(attempt.sequence(), attempt.sequenceIds())
                            .doOnNext(attempt::useSequenceIds)
                            .then();
            return sequenceIds
                    .then(template.insert(attempt.entities(), batch.collection())
                            .contextWrite(context -> context.put(BatchInsert.Attempt.CONTEXT_KEY, attempt))
                            .collectList())
                    .doOnNext(saved::addAll)
                    .then()
                    .onErrorResume(RuntimeException.class, failure -> afterFailure(template, batch, attempt, failure,
                            saved));
        });
    }

    /** The after-save callbacks of what {@code attempt} stored, then the next attempt or the failure of the call. */
    private Mono<Void> afterFailure(ReactiveMongoTemplate template, BatchInsert batch, BatchInsert.Attempt attempt,
            RuntimeException failure, List<Object> saved) {
        BatchInsert.Next next = batch.failed(failure);
        List<Object> converted = attempt.recordedEntities();
        Mono<Void> stored = Flux.range(0, next.stored())
                .concatMap(i -> ReactiveAfterSaveCallbacks.afterSave(template, converted.get(i),
                        attempt.recordedDocument(i), batch.collection()))
                .doOnNext(saved::add)
                .then();
        if (next instanceof BatchInsert.Fail fail) {
            return stored.then(Mono.error(fail.failure()));
        }
        BatchInsert.Retry retry = (BatchInsert.Retry) next;
        Mono<Void> resync = retry.resync() == null ? Mono.empty()
                : counters.get().resyncAfterDuplicate(retry.resync(), batch.collection(), retry.id(),
                                batch.resynced(), retry.collision())
                        .doOnNext(batch::resynced)
                        .onErrorMap(DuplicateSequenceIdException.class, batch::duplicateSequenceId)
                        .then();
        return stored.then(resync).then(Mono.defer(() -> attempt(template, batch, saved)));
    }

    /**
     * The insert of {@code entity}, its sequence id taken by the id callback (after auditing, which must see the entity
     * as new), which tells this call the id it took; after a collision on {@code _id}, the sequence resynced and the
     * insert subscribed again with a fresh id, once.
     *
     * @param resynced what the resync after the first collision did, or null while none ran for this insert
     */
    private Mono<Object> insertWithResync(ReactiveMongoOperations target, IdAssignment assignment, Object entity,
            String collection, List<CounterStatus> resynced) {
        return Mono.defer(() -> {
            AssignIdsBeforeReactiveConvert.TakenSequenceId taken =
                    new AssignIdsBeforeReactiveConvert.TakenSequenceId(assignment.sequence());
            return target.insert(entity, collection)
                    .contextWrite(AssignIdsBeforeReactiveConvert.recordingSequenceId(taken))
                    .onErrorResume(RandomIdRetry::isDuplicateId, collision -> counters.get()
                            .resyncAfterDuplicate(assignment, collection, taken.id(), resynced, collision)
                            .onErrorMap(DuplicateSequenceIdException.class, duplicate -> {
                                assignment.clearId(entity); // the caller's instance keeps no id it did not get
                                return new DuplicateKeyException(duplicate.getMessage(), duplicate);
                            })
                            // a mutable entity holds the id that collided: without it, it takes a fresh one
                            .flatMap(done -> insertWithResync(target, assignment, assignment.clearId(entity),
                                    collection, done)));
        });
    }
}
