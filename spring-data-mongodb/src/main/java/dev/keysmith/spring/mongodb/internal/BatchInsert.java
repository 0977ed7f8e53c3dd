package dev.keysmith.spring.mongodb.internal;

import com.mongodb.MongoBulkWriteException;
import com.mongodb.bulk.BulkWriteError;
import dev.keysmith.mongodb.internal.MongoRepository;
import dev.keysmith.runtime.CounterStatus;
import dev.keysmith.runtime.RandomIdExhaustedException;
import dev.keysmith.runtime.SequenceAllocator;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;
import org.bson.Document;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.util.ClassUtils;

/**
 * One batch insert of entities into one collection by keysmith's advice, on either template: each attempt sends the
 * entities not stored yet through the template's own batch insert (one ordered {@code insertMany}, with Spring
 * Data's callbacks, auditing and versions as it runs them), and this class decides, from the write error of an
 * attempt that failed part-way, what was stored and what comes next. The blocking ({@link RandomIdRetry}) and the
 * reactive ({@link ReactiveSequenceRetry}) advice run the attempts, each in its own way of waiting; the decisions are
 * here once.
 *
 * <p>The rule: an ordered {@code insertMany} stores the documents before its first write error and none after it.
 * When that error is a duplicate {@code _id} of an id keysmith assigned in this call, the stored entities keep their
 * instances (the advice runs their after-save callbacks), the failing entity gets a fresh id (a {@code @RandomId}
 * drawn again, up to its attempts; a {@code @Sequence} resynced once per call) and the rest is sent again from it,
 * every id keysmith assigned there taken afresh. Any other failure ends the call: what was stored stays stored and
 * the exception says which entities those are.
 *
 * <p>Not thread-safe: one call's, one attempt at a time.
 */
final class BatchInsert {

    /** Ids shown in a report before it says how many more there are. */
    private static final int IDS_SHOWN = 20;

    private final String collection;
    private final List<Object> entities;
    private final IdAssignment[] assignments;
    private final boolean[] assigned;
    private final int[] attempts;
    private final List<Object> storedIds = new ArrayList<>();
    private int from;
    private List<CounterStatus> resynced;
    private Attempt attempt;

    /** The insert of {@code batch} (nulls skipped, as Spring Data skips them) into {@code collection}. */
    BatchInsert(EntityIds ids, Collection<?> batch, String collection) {
        this.collection = collection;
        this.entities = new ArrayList<>(batch.size());
        for (Object entity : batch) {
            if (entity != null) {
                entities.add(entity);
            }
        }
        int size = entities.size();
        this.assignments = new IdAssignment[size];
        this.assigned = new boolean[size];
        this.attempts = new int[size];
        AssignmentsByType byType = new AssignmentsByType(ids);
        for (int i = 0; i < size; i++) {
            assignments[i] = byType.of(entities.get(i));
            assigned[i] = retries(assignments[i], entities.get(i));
            attempts[i] = 1;
        }
    }

    /** Whether the batch of {@code call} holds an entity whose insert is keysmith's to recover ({@link #retries}). */
    static boolean anyRetried(EntityIds ids, InsertCall call) {
        AssignmentsByType byType = new AssignmentsByType(ids);
        for (Object entity : call.entities()) {
            if (entity != null && retries(byType.of(entity), entity)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The assignments of a batch's entities, each looked up once per run of entities of one type (a batch is mostly of
     * one type). Not thread-safe: one loop's.
     */
    private static final class AssignmentsByType {

        private final EntityIds ids;
        private Class<?> lastType;
        private IdAssignment last;

        AssignmentsByType(EntityIds ids) {
            this.ids = ids;
        }

        IdAssignment of(Object entity) {
            Class<?> type = ClassUtils.getUserClass(entity);
            if (type != lastType) {
                lastType = type;
                last = ids.forType(type);
            }
            return last;
        }
    }

    /**
     * Whether an insert of {@code entity} is keysmith's to recover: its {@code @Sequence} or {@code @RandomId} id is
     * absent, so keysmith assigns it, and a collision on it can be resynced or drawn again.
     */
    static boolean retries(IdAssignment assignment, Object entity) {
        return assignment.retriesOnCollision(entity) || assignment.resyncsOnCollision(entity);
    }

    String collection() {
        return collection;
    }

    /**
     * The next attempt: the entities not stored yet, from the first not stored on, each id that keysmith is to assign
     * removed (a mutable entity holds the one of the attempt before), and the sequence ids it needs, which the caller
     * takes at once ({@link Attempt#sequence()}, {@link Attempt#sequenceIds()}) and gives to
     * {@link Attempt#useSequenceIds} before the attempt runs.
     */
    Attempt nextAttempt() {
        List<Object> pending = new ArrayList<>(entities.size() - from);
        SequenceAllocator sequence = null;
        int sequenceIds = 0;
        for (int i = from; i < entities.size(); i++) {
            Object entity = entities.get(i);
            if (assigned[i]) {
                if (attempt != null) { // the first attempt's have no ids yet: they are the ones keysmith assigns
                    entity = assignments[i].clearId(entity);
                }
                SequenceAllocator of = assignments[i].sequence();
                if (of != null && (sequence == null || sequence == of)) {
                    // one entity type in the common case; the ids of any other sequence are taken one by one
                    sequence = of;
                    sequenceIds++;
                }
            }
            pending.add(entity);
        }
        attempt = new Attempt(collection, pending, sequence, sequenceIds);
        return attempt;
    }

    /** What comes after an attempt that failed with {@code failure}. */
    sealed interface Next {

        /** How many entities of the attempt, from its first, were stored. */
        int stored();
    }

    /**
     * Send the rest again ({@link #nextAttempt()}) once the first {@code stored} entities of the attempt (entries
     * of {@link Attempt#recorded()}) had their after-save callbacks; {@code resync}, when not null, is the
     * sequence to resync first, with the id that collided.
     */
    record Retry(int stored, IdAssignment resync, Object id, RuntimeException collision) implements Next {
    }

    /**
     * End the call with {@code failure} once the first {@code stored} entities of the attempt had their after-save
     * callbacks; {@code stored} is 0 when what the attempt stored cannot be told (a failure that is no write error).
     */
    record Fail(int stored, RuntimeException failure) implements Next {
    }

    /**
     * Decides what follows {@code failure} of the current attempt. The stored part's ids are counted as stored by
     * this call, and the failing entity's position becomes the first of the next attempt.
     */
    Next failed(RuntimeException failure) {
        MongoBulkWriteException bulk = bulkFailure(failure);
        List<Object> recorded = attempt.recordedEntities();
        if (bulk == null || bulk.getWriteErrors().isEmpty() || recorded.size() != attempt.entities().size()) {
            return new Fail(0, notStored(failure, attempt.entities().size()));
        }
        BulkWriteError error = firstError(bulk);
        int stored = error.getIndex();
        int position = from + stored;
        for (int i = 0; i < stored; i++) {
            storedIds.add(attempt.recordedDocument(i).get("_id"));
        }
        from = position;
        boolean duplicateId = MongoRepository.isDuplicateId(error.getCategory(), error.getMessage());
        if (!duplicateId || !assigned[position]) {
            return new Fail(stored, notStored(failure, entities.size() - position));
        }
        IdAssignment assignment = assignments[position];
        if (assignment.sequence() != null) {
            return new Retry(stored, assignment, assignment.idOf(recorded.get(stored)), failure);
        }
        if (attempts[position] >= assignment.attempts()) {
            return new Fail(stored, reported(new RandomIdExhaustedException(
                    ClassUtils.getUserClass(entities.get(position)).getSimpleName(), collection,
                    attempts[position], failure), entities.size() - position));
        }
        attempts[position]++;
        return new Retry(stored, null, null, failure);
    }

    /** What the resync before a retry did, for the next collision of this call (which fails then). */
    List<CounterStatus> resynced() {
        return resynced;
    }

    void resynced(List<CounterStatus> done) {
        resynced = done;
    }

    /**
     * The failure that ends the call after the resync refused to run again (or could not): a duplicate sequence id,
     * as Spring's {@link DuplicateKeyException} whose cause names the entity, the sequence, the id and the fix.
     */
    RuntimeException duplicateSequenceId(RuntimeException duplicate) {
        return notStored(new DuplicateKeyException(duplicate.getMessage(), duplicate), entities.size() - from);
    }

    /**
     * {@code failure}, told what this call stored: a duplicate key (another unique index, a sequence that collides
     * again) as a {@link DuplicateKeyException} whose message says it, any other failure as it is with the same words
     * in a suppressed {@link BatchProgress}. The entities not stored lose the ids keysmith gave them, so that they can
     * be sent again.
     */
    private RuntimeException notStored(RuntimeException failure, int notStored) {
        for (int i = from; i < entities.size(); i++) {
            if (assigned[i]) {
                assignments[i].clearId(entities.get(i));
            }
        }
        if (storedIds.isEmpty()) {
            return failure;
        }
        return reported(failure, notStored);
    }

    private RuntimeException reported(RuntimeException failure, int notStored) {
        String report = report(notStored);
        if (failure instanceof DuplicateKeyException) {
            return new DuplicateKeyException(failure.getMessage() + "; " + report, failure);
        }
        failure.addSuppressed(new BatchProgress(report));
        return failure;
    }

    /** What this call stored and did not, in words. */
    private String report(int notStored) {
        int total = entities.size();
        StringBuilder text = new StringBuilder("[keysmith] the batch insert of ").append(total)
                .append(total == 1 ? " entity" : " entities").append(" into '").append(collection)
                .append("' stored ").append(storedIds.size()).append(" (");
        if (storedIds.isEmpty()) {
            text.append("none");
        } else {
            text.append("the first ").append(storedIds.size()).append(" of the batch, ids ");
            for (int i = 0; i < Math.min(IDS_SHOWN, storedIds.size()); i++) {
                text.append(i == 0 ? "" : ", ").append(storedIds.get(i));
            }
            if (storedIds.size() > IDS_SHOWN) {
                text.append(" and ").append(storedIds.size() - IDS_SHOWN).append(" more");
            }
        }
        text.append(") and did not store the other ").append(notStored);
        if (notStored > 0) {
            text.append(" (from index ").append(total - notStored).append(" of the batch on, where it failed;")
                    .append(" ids keysmith gave them are removed, send them again)");
        }
        return text.toString();
    }

    private static MongoBulkWriteException bulkFailure(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof MongoBulkWriteException bulk) {
                return bulk;
            }
        }
        return null;
    }

    private static BulkWriteError firstError(MongoBulkWriteException bulk) {
        BulkWriteError first = bulk.getWriteErrors().get(0);
        for (BulkWriteError error : bulk.getWriteErrors()) {
            if (error.getIndex() < first.getIndex()) {
                first = error;
            }
        }
        return first;
    }

    /**
     * One attempt: the entities it sends, the sequence ids taken for them at once, which the id callback hands out
     * in the order it meets the entities, and what the template converted, as the last before-save callback saw it
     * (the instance and the document of each entity, in the order of the {@code insertMany}).
     *
     * <p>Thread-safe: the reactive template converts a batch's entities wherever their callbacks complete.
     */
    static final class Attempt {

        /** The key of the current attempt in the Reactor context of a reactive template call. */
        static final Object CONTEXT_KEY = Attempt.class;

        private static final ThreadLocal<Attempt> CURRENT = new ThreadLocal<>();

        private final String collection;
        private final List<Object> entities;
        private final SequenceAllocator sequence;
        private final int sequenceIds;
        private final List<Object> recordedEntities = new ArrayList<>();
        private final List<Document> recordedDocuments = new ArrayList<>();
        private long[] ids;
        private int nextId;

        Attempt(String collection, List<Object> entities, SequenceAllocator sequence, int sequenceIds) {
            this.collection = collection;
            this.entities = entities;
            this.sequence = sequence;
            this.sequenceIds = sequenceIds;
        }

        /** The attempt the blocking template runs on this thread, or null. */
        static Attempt current() {
            return CURRENT.get();
        }

        /** Runs {@code call} (the blocking template's insert of {@link #entities()}) as this thread's attempt. */
        <T> T runOnThisThread(Supplier<T> call) {
            Attempt outer = CURRENT.get();
            CURRENT.set(this);
            try {
                return call.get();
            } finally {
                if (outer == null) {
                    CURRENT.remove();
                } else {
                    CURRENT.set(outer);
                }
            }
        }

        List<Object> entities() {
            return entities;
        }

        /** The sequence of the entities whose sequence ids this attempt takes at once; null when none. */
        SequenceAllocator sequence() {
            return sequence;
        }

        /** How many ids of {@link #sequence()} this attempt takes at once. */
        int sequenceIds() {
            return sequenceIds;
        }

        synchronized void useSequenceIds(long[] taken) {
            this.ids = Objects.requireNonNull(taken);
        }

        /**
         * The next id taken for this attempt from {@code of}, or {@link SequenceAllocator#NONE_READY} when it took
         * none of {@code of} or they are used up (the id callback then takes one on its own).
         */
        synchronized long takeId(SequenceAllocator of) {
            if (of != sequence || ids == null || nextId >= ids.length) {
                return SequenceAllocator.NONE_READY;
            }
            return ids[nextId++];
        }

        /** Records what the template converted of an entity of this attempt's collection. */
        synchronized void record(Object entity, Document document, String into) {
            if (collection.equals(into) && recordedEntities.size() < entities.size()) {
                recordedEntities.add(entity);
                recordedDocuments.add(document);
            }
        }

        synchronized List<Object> recordedEntities() {
            return new ArrayList<>(recordedEntities);
        }

        synchronized Document recordedDocument(int index) {
            return recordedDocuments.get(index);
        }
    }

    /** What a batch insert that failed had stored, attached to a failure that keeps its own type. */
    static final class BatchProgress extends RuntimeException {

        private static final long serialVersionUID = 1L;

        BatchProgress(String report) {
            super(report, null, false, false);
        }
    }
}
