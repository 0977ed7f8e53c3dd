package dev.keysmith.spring.mongodb.internal;

import com.mongodb.ErrorCategory;
import com.mongodb.MongoCommandException;
import com.mongodb.MongoWriteException;
import dev.keysmith.mongodb.DuplicateSequenceIdException;
import dev.keysmith.mongodb.internal.MongoRepository;
import dev.keysmith.runtime.CounterStatus;
import dev.keysmith.runtime.IdAllocationException;
import dev.keysmith.runtime.MalformedCounterException;
import dev.keysmith.runtime.RandomIdExhaustedException;
import dev.keysmith.spring.mongodb.KeysmithSequenceCounters;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.aopalliance.intercept.MethodInterceptor;
import org.aopalliance.intercept.MethodInvocation;
import org.springframework.dao.DataAccessException;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.data.mongodb.core.MongoOperations;
import org.springframework.data.mongodb.core.MongoTemplate;
import org.springframework.util.ClassUtils;

/**
 * Around {@code MongoOperations.insert}, {@code save} and {@code insertAll}: an entity whose {@code @RandomId} is
 * absent is inserted (a {@code save} too: an upsert on a drawn id would overwrite the document that holds it), and
 * an insert that collides on {@code _id} is retried with a fresh id up to {@code @RandomId(attempts)} times, then
 * fails with {@link RandomIdExhaustedException}. An entity whose {@code @Sequence} id is absent is inserted the
 * same way, and a collision on {@code _id} (the sequence's counter is behind the collection's data) resyncs the
 * sequence and retries once with a fresh id, else fails with Spring's {@link DuplicateKeyException} whose message
 * (and cause, {@link dev.keysmith.mongodb.DuplicateSequenceIdException}) names the entity, the sequence, the id and
 * the fix. A collision on any other unique index is thrown as it is. A batch that holds such entities is inserted
 * with one {@code insertMany} (per collection), its sequence ids taken at once; a collision of a keysmith id part-way
 * keeps what was stored and sends the rest again from the failing entity ({@link BatchInsert}).
 *
 * <p>Thread-safe.
 */
public final class RandomIdRetry implements MethodInterceptor {

    private final Supplier<EntityIds> ids;
    private final Supplier<KeysmithSequenceCounters> counters;

    public RandomIdRetry(Supplier<EntityIds> ids, Supplier<KeysmithSequenceCounters> counters) {
        this.ids = ids;
        this.counters = counters;
    }

    @Override
    public Object invoke(MethodInvocation invocation) throws Throwable {
        if (!(invocation.getThis() instanceof MongoOperations target)) {
            return invocation.proceed();
        }
        InsertCall call = InsertCall.of(invocation.getMethod(), invocation.getArguments(), target::getCollectionName);
        if (call.oneEntity()) {
            IdAssignment assignment = ids.get().forEntity(call.entity());
            if (!BatchInsert.retries(assignment, call.entity())) {
                return invocation.proceed();
            }
            return insertWithRetry(target, assignment, call.entity(), call.collectionOf(call.entity()));
        }
        if (call.batch() && target instanceof MongoTemplate template) {
            EntityIds entityIds = ids.get();
            if (!BatchInsert.anyRetried(entityIds, call)) {
                return invocation.proceed();
            }
            List<InsertCall.Group> groups = call.byCollection();
            List<List<Object>> saved = new ArrayList<>(groups.size());
            for (InsertCall.Group group : groups) {
                saved.add(insertBatch(template, new BatchInsert(entityIds, group.entities(), group.collection())));
            }
            return InsertCall.inBatchOrder(groups, saved);
        }
        return invocation.proceed();
    }

    /**
     * The entities of {@code batch}, inserted with one {@code insertMany} per attempt (one in all, unless a keysmith id
     * collides part-way), the sequence ids of each attempt taken at once.
     */
    private List<Object> insertBatch(MongoTemplate template, BatchInsert batch) {
        List<Object> saved = new ArrayList<>();
        while (true) {
            BatchInsert.Attempt attempt = batch.nextAttempt();
            if (attempt.sequenceIds() > 0) {
                attempt.useSequenceIds(attempt.sequence().nextIds(attempt.sequenceIds()));
            }
            try {
                saved.addAll(attempt.runOnThisThread(() -> template.insert(attempt.entities(), batch.collection())));
                return saved;
            } catch (RuntimeException failure) {
                BatchInsert.Next next = batch.failed(failure);
                List<Object> converted = attempt.recordedEntities();
                for (int i = 0; i < next.stored(); i++) {
                    saved.add(AfterSaveCallbacks.afterSave(template, converted.get(i), attempt.recordedDocument(i),
                            batch.collection()));
                }
                if (next instanceof BatchInsert.Fail fail) {
                    throw fail.failure();
                }
                BatchInsert.Retry retry = (BatchInsert.Retry) next;
                if (retry.resync() != null) {
                    try {
                        batch.resynced(counters.get().resyncAfterDuplicate(retry.resync(), batch.collection(),
                                retry.id(), batch.resynced(), retry.collision()));
                    } catch (DuplicateSequenceIdException duplicate) {
                        throw batch.duplicateSequenceId(duplicate);
                    }
                }
            }
        }
    }

    private Object insertWithRetry(MongoOperations target, IdAssignment assignment, Object entity,
            String collection) {
        int attempts = assignment.attempts();
        Object candidate = entity;
        List<CounterStatus> resynced = null;
        for (int attempt = 1; ; attempt++) {
            Object[] taken = new Object[1];
            try {
                Object inserting = candidate;
                return AssignIdsBeforeConvert.recordingSequenceId(taken, () -> target.insert(inserting, collection));
            } catch (DataAccessException e) {
                if (!isDuplicateId(e)) {
                    throw e;
                }
                if (assignment.sequence() != null) {
                    Object id = taken[0] != null ? taken[0] : assignment.idOf(candidate);
                    try {
                        resynced = counters.get().resyncAfterDuplicate(assignment, collection, id, resynced, e);
                    } catch (DuplicateSequenceIdException duplicate) {
                        assignment.clearId(candidate); // the caller's instance is left without the id it did not get
                        throw new DuplicateKeyException(duplicate.getMessage(), duplicate);
                    }
                    candidate = assignment.clearId(candidate);
                    continue;
                }
                if (attempt >= attempts) {
                    throw new RandomIdExhaustedException(ClassUtils.getUserClass(entity).getSimpleName(), collection,
                            attempts, e);
                }
                // A mutable entity kept the id that collided; without it, the next insert draws a fresh one.
                candidate = assignment.clearId(candidate);
            }
        }
    }

    /**
     * Whether {@code failure} is a duplicate key on the {@code _id} index (not on any other unique index): a write
     * error (insert, update) or a failed command ({@code findAndModify}, whose upsert reports it so). Never for a
     * failure to make the id ({@link IdAllocationException}, {@link MalformedCounterException}): a counter store's own
     * duplicate key among its causes (a malformed counter document the store's upsert met) is no collision of the
     * entity's insert.
     */
    static boolean isDuplicateId(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof IdAllocationException || cause instanceof MalformedCounterException) {
                return false;
            }
            if (cause instanceof MongoWriteException write) {
                return MongoRepository.isDuplicateId(write.getError().getCategory(), write.getError().getMessage());
            }
            if (cause instanceof MongoCommandException command) {
                return MongoRepository.isDuplicateId(ErrorCategory.fromErrorCode(command.getErrorCode()),
                        command.getErrorMessage());
            }
        }
        return false;
    }
}
