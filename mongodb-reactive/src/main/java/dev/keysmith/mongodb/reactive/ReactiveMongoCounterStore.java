package dev.keysmith.mongodb.reactive;

import com.mongodb.ErrorCategory;
import com.mongodb.MongoServerException;
import com.mongodb.ReadPreference;
import com.mongodb.WriteConcern;
import com.mongodb.client.model.FindOneAndUpdateOptions;
import com.mongodb.client.model.ReturnDocument;
import com.mongodb.reactivestreams.client.MongoCollection;
import com.mongodb.reactivestreams.client.MongoDatabase;
import dev.keysmith.mongodb.internal.CounterSettings;
import dev.keysmith.runtime.AsyncCounterStore;
import dev.keysmith.runtime.AsyncResyncableCounterStore;
import dev.keysmith.runtime.CounterDocuments;
import java.util.Objects;
import java.util.concurrent.CompletionStage;
import org.bson.BsonDocument;
import reactor.core.publisher.Mono;

/**
 * The {@link AsyncCounterStore} of a MongoDB database on the reactive streams driver: the same counter documents
 * as the blocking {@code MongoCounterStore} ({@code {_id: <counter name>, next: NumberLong(n)}} in
 * {@value CounterDocuments#DEFAULT_COLLECTION} by default) and the same procedure ({@link CounterDocuments}), so
 * both routes can share a sequence. A reservation is one {@code findOneAndUpdate} with {@code $inc} and upsert that
 * returns the document before the update; it completes on the driver's threads and never blocks the caller. It runs
 * in no session (never in a caller's {@code ClientSession} or transaction), with the write concern given here.
 * {@link #value} reads a counter and {@link #raise} brings it up to the data ({@code $max} with upsert, never lowering
 * it), for {@code ReactiveKeysmith.resync}; a counter document of another shape is never changed: the stage completes
 * exceptionally with {@link dev.keysmith.runtime.MalformedCounterException} naming it, as on the blocking store.
 *
 * <pre>{@code
 * AsyncCounterStore counters = ReactiveMongoCounterStore.create(database, "keysmith_counters", WriteConcern.MAJORITY);
 * SequenceAllocator invoices = SequenceAllocator.openAsync(SequenceSpec.of("invoices"), counters);
 * }</pre>
 *
 * <p>Thread-safe.
 */
public final class ReactiveMongoCounterStore implements AsyncResyncableCounterStore {

    private static final FindOneAndUpdateOptions RESERVE = new FindOneAndUpdateOptions()
            .upsert(true)
            .returnDocument(ReturnDocument.BEFORE);

    private final MongoCollection<BsonDocument> counters;
    private final CounterDocuments.AsyncAccess access;

    private ReactiveMongoCounterStore(MongoCollection<BsonDocument> counters) {
        this.counters = counters;
        this.access = new CounterDocuments.AsyncAccess() {
            @Override
            public CompletionStage<BsonDocument> findOneAndIncrement(BsonDocument filter, BsonDocument update) {
                return Mono.from(counters.findOneAndUpdate(filter, update, RESERVE)).toFuture();
            }

            @Override
            public CompletionStage<BsonDocument> findOne(BsonDocument filter) {
                return Mono.from(counters.find(filter).first()).toFuture();
            }

            @Override
            public boolean isDuplicateKey(Throwable failure) {
                return failure instanceof MongoServerException e
                        && (e.getCode() == CounterDocuments.DUPLICATE_KEY
                                || ErrorCategory.fromErrorCode(e.getCode()) == ErrorCategory.DUPLICATE_KEY);
            }

            @Override
            public String namespace() {
                return counters.getNamespace().getFullName();
            }
        };
    }

    /** A store over {@value CounterDocuments#DEFAULT_COLLECTION} of {@code database}, writing with {@code majority}. */
    public static ReactiveMongoCounterStore create(MongoDatabase database) {
        return create(database, CounterDocuments.DEFAULT_COLLECTION, WriteConcern.MAJORITY);
    }

    /**
     * A store over the collection {@code collectionName} of {@code database}, writing with {@code writeConcern}.
     *
     * @throws IllegalArgumentException if the collection name is blank
     */
    public static ReactiveMongoCounterStore create(MongoDatabase database, String collectionName,
            WriteConcern writeConcern) {
        Objects.requireNonNull(database, "database");
        Objects.requireNonNull(writeConcern, "writeConcern");
        String name = CounterSettings.collectionName(collectionName);
        return new ReactiveMongoCounterStore(database.getCollection(name, BsonDocument.class)
                .withWriteConcern(writeConcern)
                .withReadPreference(ReadPreference.primary()));
    }

    /**
     * {@inheritDoc}
     *
     * <p>Completes exceptionally with {@link dev.keysmith.runtime.MalformedCounterException} naming the collection, the
     * counter and what was found if the counter's document is not shaped {@code {_id, next: <non-negative NumberLong
     * or NumberInt>}}; the document is left unchanged.
     */
    @Override
    public CompletionStage<Long> reserve(String counter, long count) {
        return CounterDocuments.reserveAsync(access, counter, count);
    }

    /**
     * {@inheritDoc}
     *
     * <p>The bound is in the filter of the {@code findOneAndUpdate} ({@code next <= limit - count}), so the counter
     * is never written past {@code limit}, whatever the server's arithmetic; near the limit the values left are
     * reserved. A malformed counter completes exceptionally as {@link #reserve(String, long)} does.
     */
    @Override
    public CompletionStage<Long> reserve(String counter, long count, long limit) {
        return CounterDocuments.reserveAsync(access, counter, count, limit);
    }

    /**
     * {@inheritDoc}
     *
     * <p>Completes exceptionally with {@link dev.keysmith.runtime.MalformedCounterException} naming the collection, the
     * counter and what was found if the counter's document is not well-formed.
     */
    @Override
    public CompletionStage<Long> value(String counter) {
        return CounterDocuments.valueOrZeroAsync(access, counter);
    }

    /**
     * {@inheritDoc}
     *
     * <p>One {@code findOneAndUpdate} with {@code $max} and upsert, whose filter matches only a well-formed counter:
     * a malformed one is left unchanged and the stage completes exceptionally with
     * {@link dev.keysmith.runtime.MalformedCounterException} naming it.
     */
    @Override
    public CompletionStage<Long> raise(String counter, long atLeast) {
        return CounterDocuments.raiseAsync(access, counter, atLeast);
    }

    /** The name of the collection the counters live in. */
    public String collectionName() {
        return counters.getNamespace().getCollectionName();
    }

    @Override
    public String toString() {
        return "ReactiveMongoCounterStore[" + counters.getNamespace() + ", " + counters.getWriteConcern() + "]";
    }
}
