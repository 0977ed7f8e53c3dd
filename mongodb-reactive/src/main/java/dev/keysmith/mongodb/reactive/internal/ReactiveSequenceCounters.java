package dev.keysmith.mongodb.reactive.internal;

import com.mongodb.ReadPreference;
import com.mongodb.reactivestreams.client.MongoCollection;
import com.mongodb.reactivestreams.client.MongoDatabase;
import dev.keysmith.mongodb.DuplicateSequenceIdException;
import dev.keysmith.mongodb.internal.CounterRules;
import dev.keysmith.runtime.AsyncResyncableCounterStore;
import dev.keysmith.runtime.CounterBehindDataException;
import dev.keysmith.runtime.CounterCheck;
import dev.keysmith.runtime.CounterStatus;
import dev.keysmith.runtime.SequenceAllocator;
import dev.keysmith.runtime.SequenceResync;
import java.util.List;
import java.util.Objects;
import org.bson.BsonDocument;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * The counters of the sequences of one MongoDB database next to their collections, on the reactive streams driver:
 * the check, the resync, the start-up check and the resync after a duplicate id, none of them blocking a thread
 * ({@link SequenceResync#checkAsync}, {@link SequenceResync#resyncAsync}); for the reactive repositories and Spring
 * Data's reactive route. The rules and the words are the blocking route's ({@link CounterRules}); the largest id of a
 * part of the id space is the same one query on the {@code _id} index, read from the primary.
 *
 * <p>Nothing happens until a subscription; each subscription runs the procedure again. What it logs (a counter
 * raised, a counter found behind) is logged on Reactor's {@code boundedElastic} threads, never on the thread that
 * completed the step, which may be an event loop: a log handler may wait (its lock, the console), as BlockHound showed
 * when sixteen resyncs logged at once.
 *
 * <p>Thread-safe.
 */
public final class ReactiveSequenceCounters {

    private final MongoDatabase database;
    private final AsyncResyncableCounterStore store;
    private final CounterRules rules;
    // Reactor's boundedElastic, taken here, on the thread that builds this (the application's): taken lazily on an
    // event loop, two first callers at once race to make it, and the loser's dispose takes a lock (BlockHound saw a
    // driver thread park there)
    private final Scheduler logs = Schedulers.boundedElastic();

    /**
     * @param resyncCall the call that resyncs a sequence on this route, for messages, with {@code %s} for the
     *     entity's simple name
     * @param checkSetting the setting that chooses the start-up check on this route, for messages
     */
    public ReactiveSequenceCounters(MongoDatabase database, AsyncResyncableCounterStore store,
            CounterCheck startupCheck, boolean resyncOnDuplicate, String resyncCall, String checkSetting) {
        this.database = Objects.requireNonNull(database, "database");
        this.store = Objects.requireNonNull(store, "store");
        this.rules = new CounterRules(startupCheck, resyncOnDuplicate, resyncCall, checkSetting);
    }

    /** Each counter of {@code sequence} next to {@code collection}, read without changing anything. */
    public Mono<List<CounterStatus>> check(SequenceAllocator sequence, String collection) {
        return Mono.defer(() -> Mono.fromCompletionStage(SequenceResync.checkAsync(sequence.spec(), store,
                largestIds(collection))));
    }

    /**
     * Brings the counters of {@code sequence} up to {@code collection} (never down) and cuts the ranges this process
     * holds below the data; logs each counter it raised.
     */
    public Mono<List<CounterStatus>> resync(SequenceAllocator sequence, String collection) {
        return Mono.defer(() -> Mono.fromCompletionStage(SequenceResync.resyncAsync(sequence.spec(), store,
                largestIds(collection), sequence)))
                .doOnNext(statuses -> offThread(() -> rules.logResynced(statuses, collection)));
    }

    /**
     * The start-up check of {@code sequence} against {@code collection}, once per pair in this process: off, a
     * warning, a failure ({@link CounterBehindDataException}) or a resync, as the route's setting says; a check that
     * fails runs again on the next subscription.
     */
    public Mono<Void> checkOnce(SequenceAllocator sequence, String collection, Class<?> entity) {
        return Mono.defer(() -> {
            if (!rules.startsCheck(sequence, collection)) {
                return Mono.empty();
            }
            Mono<?> checked = rules.startupCheck() == CounterCheck.RESYNC ? resync(sequence, collection)
                    : check(sequence, collection).publishOn(logScheduler())
                            .doOnNext(statuses -> rules.report(statuses, collection, entity));
            return checked.doOnError(failure -> rules.checkFailed(sequence, collection)).then();
        });
    }

    /** Runs {@code log} on {@link #logScheduler()}, fire and forget. */
    private void offThread(Runnable log) {
        logScheduler().schedule(log);
    }

    /**
     * The scheduler of what this logs: the one taken at construction, or Reactor's current one if the application
     * disposed that (its schedulers shut down and made again).
     */
    private Scheduler logScheduler() {
        return logs.isDisposed() ? Schedulers.boundedElastic() : logs;
    }

    /**
     * After an insert of {@code entity} met a document that already holds the id {@code id} its sequence handed out:
     * resyncs the sequence and completes with what it did, so that the caller retries once with a new id. Fails with
     * {@link DuplicateSequenceIdException} instead when a resync already ran for this insert ({@code resynced} not
     * null), when the resync on a duplicate is off, or when the resync fails.
     */
    public Mono<List<CounterStatus>> resyncAfterDuplicate(Class<?> entity, String collection,
            SequenceAllocator sequence, Object id, List<CounterStatus> resynced, Throwable duplicate) {
        if (!rules.resyncsAfter(resynced)) {
            return Mono.error(rules.duplicate(entity, collection, sequence, id, resynced, duplicate));
        }
        return resync(sequence, collection).onErrorMap(failure -> rules.resyncFailed(entity, collection, sequence,
                id, failure, duplicate));
    }

    /** The largest numeric {@code _id} of {@code collection} in a part of the id space, on the {@code _id} index. */
    private SequenceResync.AsyncLargestIds largestIds(String collection) {
        MongoCollection<BsonDocument> documents = database.getCollection(collection, BsonDocument.class)
                .withReadPreference(ReadPreference.primary());
        return (first, last) -> Mono.from(documents.find(CounterRules.largestIdFilter(first, last))
                        .sort(CounterRules.LARGEST_FIRST)
                        .projection(CounterRules.ID_ONLY)
                        .first())
                .map(CounterRules::largestId)
                .defaultIfEmpty(CounterRules.largestId(null))
                .toFuture();
    }
}
