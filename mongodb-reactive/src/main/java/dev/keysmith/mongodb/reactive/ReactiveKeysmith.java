package dev.keysmith.mongodb.reactive;

import com.mongodb.WriteConcern;
import com.mongodb.reactivestreams.client.MongoCollection;
import com.mongodb.reactivestreams.client.MongoDatabase;
import dev.keysmith.mongodb.GeneratedCodecProvider;
import dev.keysmith.mongodb.internal.CounterSettings;
import dev.keysmith.mongodb.internal.StoredCodecs;
import dev.keysmith.mongodb.reactive.internal.NonBlockingIds;
import dev.keysmith.mongodb.reactive.internal.ReactiveMongoRepository;
import dev.keysmith.mongodb.reactive.internal.ReactiveSequenceCounters;
import dev.keysmith.runtime.CounterCheck;
import dev.keysmith.runtime.CounterStatus;
import dev.keysmith.runtime.IdGenerators;
import dev.keysmith.runtime.codec.EntityCodec;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ThreadFactory;
import org.bson.codecs.configuration.CodecRegistries;
import org.bson.codecs.configuration.CodecRegistry;
import reactor.core.publisher.Mono;

/**
 * keysmith for one MongoDB database on the reactive streams driver: the generated codecs, the id generators
 * (sequences keep their counters in the database, reserved without blocking), typed collections and reactive
 * repositories. The counters are those of {@code dev.keysmith.mongodb.Keysmith}: an application may use both on
 * one database, and one sequence never gives an id twice across them.
 *
 * <pre>{@code
 * try (ReactiveKeysmith keysmith = ReactiveKeysmith.create(database)) {
 *     ReactiveRepository<Invoice, Long> invoices = keysmith.repository(Invoice.class);
 *     Mono<Invoice> saved = invoices.insert(new Invoice(null, total));   // the id is awaited, not blocked on
 * }
 * }</pre>
 *
 * <p>Sequences in production: {@link #resync} brings a sequence's counter up to its collection after documents were
 * imported or restored, and {@link #checkCounters} reads it, without blocking; a repository's insert that meets a taken
 * sequence id resyncs and retries once ({@link Builder#resyncOnDuplicateId}). See docs/sequences-in-production.md.
 *
 * <p>{@link #close()} stops the background work of the sequences; the database and its client stay open.
 *
 * <p>Thread-safe.
 */
public final class ReactiveKeysmith implements AutoCloseable {

    private final MongoDatabase database;
    private final IdGenerators ids;
    private final GeneratedCodecProvider generated;
    private final CodecRegistry registry;
    private final ReactiveSequenceCounters counters;

    private ReactiveKeysmith(MongoDatabase database, IdGenerators ids, ReactiveSequenceCounters counters) {
        this.database = database;
        this.ids = ids;
        this.counters = counters;
        this.generated = GeneratedCodecProvider.load(ids);
        this.registry = CodecRegistries.fromProviders(generated, database.getCodecRegistry());
    }

    /** keysmith with the defaults: counters in {@code keysmith_counters}, written with {@code MAJORITY}. */
    public static ReactiveKeysmith create(MongoDatabase database) {
        return builder(database).build();
    }

    /** A builder to change the defaults. */
    public static Builder builder(MongoDatabase database) {
        return new Builder(database);
    }

    /** The generated codecs first, then the database's registry (the driver's defaults, unless changed). */
    public CodecRegistry codecRegistry() {
        return registry;
    }

    /** The id generators behind the generated codecs; their sequences reserve through the reactive driver. */
    public IdGenerators ids() {
        return ids;
    }

    /**
     * The collection of entity {@code type}, with {@link #codecRegistry()}. Its {@code insertOne} and
     * {@code insertMany} assign {@code @GeneratedObjectId}, {@code @UuidId} and {@code @RandomId} ids through the
     * codec, without blocking. A {@code @Sequence} id assigned by the codec is taken with
     * {@code SequenceAllocator.next()}, which waits when the range is used up: give such entities their id first
     * with {@link #withId(Object)} (or insert them through {@link #repository}).
     *
     * <p>A {@code @Document} without an id property is stored as the driver stores it (the driver assigns {@code _id}).
     *
     * @throws IllegalArgumentException if no codec was generated for {@code type}, or it is {@code @Embedded}
     */
    public <T> MongoCollection<T> collection(Class<T> type) {
        return database.getCollection(StoredCodecs.stored(generated, registry, type).collectionName(), type)
                .withCodecRegistry(registry);
    }

    /**
     * {@code entity} with an id by its strategy unless it has one, without blocking: a {@code @Sequence} id is awaited
     * from the sequence ({@code nextAsync()}); the same instance for classes, a new one for records and immutable
     * classes.
     *
     * @throws IllegalArgumentException at the call, if no entity codec was generated for the entity's class
     */
    @SuppressWarnings("unchecked")
    public <T> Mono<T> withId(T entity) {
        Objects.requireNonNull(entity, "entity");
        return NonBlockingIds.ifAbsent(entityCodec((Class<T>) entity.getClass()), entity);
    }

    /**
     * A repository of entity {@code type}; {@code ID} is the Java type of its id.
     *
     * @throws IllegalArgumentException if no entity codec was generated for {@code type}
     */
    public <T, ID> ReactiveRepository<T, ID> repository(Class<T> type) {
        return new ReactiveMongoRepository<>(collection(type), entityCodec(type), counters);
    }

    /**
     * Brings the counter(s) of the {@code @Sequence} of entity {@code type} up to its collection, never down, without
     * blocking: each counter (each stripe of a striped sequence) is raised with {@code $max} to the largest id the
     * collection holds in its part of the id space, and the ranges this process reserved below it are dropped; the
     * same procedure as {@code Keysmith.resync} of {@code keysmith-mongodb}. Safe while other processes insert. Run it
     * after importing or restoring documents with ids of the sequence; each subscription runs it again.
     *
     * <pre>{@code
     * keysmith.resync(Invoice.class).subscribe(statuses -> statuses.forEach(System.out::println));
     * }</pre>
     *
     * @return each counter as it was and as it is now; fails with {@link dev.keysmith.runtime.MalformedCounterException}
     *     naming a counter document of the wrong shape (left unchanged)
     * @throws IllegalArgumentException at the call, if {@code type} has no generated codec or its id is not a
     *     {@code @Sequence}
     */
    public Mono<List<CounterStatus>> resync(Class<?> type) {
        EntityCodec<?> codec = StoredCodecs.sequenceEntity(generated, registry, type);
        return counters.resync(codec.sequence(), codec.collectionName());
    }

    /**
     * The counter(s) of the {@code @Sequence} of entity {@code type} next to its collection, read without changing
     * anything and without blocking ({@link CounterStatus#behind()} tells whether one is behind the data).
     *
     * @throws IllegalArgumentException at the call, if {@code type} has no generated codec or its id is not a
     *     {@code @Sequence}
     */
    public Mono<List<CounterStatus>> checkCounters(Class<?> type) {
        EntityCodec<?> codec = StoredCodecs.sequenceEntity(generated, registry, type);
        return counters.check(codec.sequence(), codec.collectionName());
    }

    private <T> EntityCodec<T> entityCodec(Class<T> type) {
        return StoredCodecs.entity(generated, registry, type);
    }

    /** Stops the background work of every sequence; reserved ids that are not used are abandoned. */
    @Override
    public void close() {
        ids.close();
    }

    /**
     * Builds {@link ReactiveKeysmith}.
     *
     * <p>Not thread-safe: confine to one thread.
     */
    public static final class Builder {

        private final MongoDatabase database;
        private final CounterSettings settings = new CounterSettings();

        private Builder(MongoDatabase database) {
            this.database = Objects.requireNonNull(database, "database");
        }

        /** The collection of the sequence counters; {@code keysmith_counters} by default. */
        public Builder countersCollection(String name) {
            settings.countersCollection(name);
            return this;
        }

        /** The write concern of counter writes; {@code MAJORITY} by default. */
        public Builder writeConcern(WriteConcern writeConcern) {
            settings.writeConcern(writeConcern);
            return this;
        }

        /**
         * The longest a subscriber waits for a range of a sequence that is being reserved before its id fails with
         * {@code IdAllocationException}; 30 s by default. Set it to about the client's server-selection timeout.
         */
        public Builder allocationTimeout(Duration timeout) {
            settings.allocationTimeout(timeout);
            return this;
        }

        /** How long ids of a sequence fail fast after a failed reservation before one tries again; 1 s by default. */
        public Builder failureBackoff(Duration backoff) {
            settings.failureBackoff(backoff);
            return this;
        }

        /** Where the one background thread of the sequences (the prefetch) comes from; keysmith's by default. */
        public Builder prefetchThreads(ThreadFactory threads) {
            settings.prefetchThreads(threads);
            return this;
        }

        /**
         * The most batches one reservation of a prefetching sequence may take; 16 by default, 1 for exactly one batch
         * per round trip. See {@link IdGenerators.Builder#prefetchBatches}.
         */
        public Builder prefetchBatches(int maxBatches) {
            settings.prefetchBatches(maxBatches);
            return this;
        }

        /**
         * Whether a repository's insert that meets a duplicate {@code @Sequence} id resyncs the sequence (without
         * blocking) and retries once with a new id ({@code true} by default); with {@code false} it fails with
         * {@link dev.keysmith.mongodb.DuplicateSequenceIdException} at once.
         */
        public Builder resyncOnDuplicateId(boolean resync) {
            settings.resyncOnDuplicateId(resync);
            return this;
        }

        public ReactiveKeysmith build() {
            ReactiveMongoCounterStore store = ReactiveMongoCounterStore.create(database, settings.countersCollection(),
                    settings.writeConcern());
            IdGenerators ids = settings.applyTo(IdGenerators.asyncBuilder(store)).build();
            return new ReactiveKeysmith(database, ids, new ReactiveSequenceCounters(database, store, CounterCheck.OFF,
                    settings.resyncOnDuplicateId(), "keysmith.resync(%s.class)", null));
        }
    }
}
