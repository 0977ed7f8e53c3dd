package dev.keysmith.mongodb;

import com.mongodb.WriteConcern;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import dev.keysmith.mongodb.internal.CounterSettings;
import dev.keysmith.mongodb.internal.MongoRepository;
import dev.keysmith.mongodb.internal.SequenceCounters;
import dev.keysmith.mongodb.internal.StoredCodecs;
import dev.keysmith.runtime.CounterCheck;
import dev.keysmith.runtime.CounterStatus;
import dev.keysmith.runtime.IdGenerators;
import dev.keysmith.runtime.codec.EntityCodec;
import dev.keysmith.runtime.codec.StoredCodec;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ThreadFactory;
import org.bson.codecs.configuration.CodecRegistries;
import org.bson.codecs.configuration.CodecRegistry;

/**
 * keysmith for one MongoDB database: the generated codecs, the id generators (sequences keep their counters in
 * the database), typed collections and repositories.
 *
 * <pre>{@code
 * try (Keysmith keysmith = Keysmith.create(database)) {
 *     MongoCollection<Person> people = keysmith.collection(Person.class);
 *     people.insertOne(new Person("Ada"));                       // the id is assigned by the codec
 *     Repository<Invoice, Long> invoices = keysmith.repository(Invoice.class);
 *     Invoice invoice = invoices.insert(new Invoice(null, total)); // a record comes back with its id
 * }
 * }</pre>
 *
 * <p>Sequences in production: the first {@link #collection} or {@link #repository} of a {@code @Sequence} entity
 * checks that its counter is not behind the collection's data ({@link Builder#counterCheck}); {@link #resync} brings
 * it up to the data; a repository's insert that meets a taken sequence id resyncs and retries once
 * ({@link Builder#resyncOnDuplicateId}). See docs/sequences-in-production.md.
 *
 * <p>{@link #close()} stops the background prefetch of the sequences; the database and its client stay open.
 *
 * <p>Thread-safe.
 */
public final class Keysmith implements AutoCloseable {

    private final MongoDatabase database;
    private final IdGenerators ids;
    private final GeneratedCodecProvider generated;
    private final CodecRegistry registry;
    private final SequenceCounters counters;

    private Keysmith(MongoDatabase database, IdGenerators ids, SequenceCounters counters) {
        this.database = database;
        this.ids = ids;
        this.counters = counters;
        this.generated = GeneratedCodecProvider.load(ids);
        this.registry = CodecRegistries.fromProviders(generated, database.getCodecRegistry());
    }

    /** keysmith with the defaults: counters in {@code keysmith_counters}, written with {@code MAJORITY}. */
    public static Keysmith create(MongoDatabase database) {
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

    /** The id generators behind the generated codecs. */
    public IdGenerators ids() {
        return ids;
    }

    /**
     * The collection of entity {@code type}, with {@link #codecRegistry()}: {@code insertOne} assigns ids through
     * the codec.
     *
     * @throws IllegalArgumentException if no entity codec was generated for {@code type}
     */
    public <T> MongoCollection<T> collection(Class<T> type) {
        StoredCodec<T> codec = storedCodec(type);
        if (codec instanceof EntityCodec<T> entity) {
            checkCounters(entity);
        }
        return database.getCollection(codec.collectionName(), type).withCodecRegistry(registry);
    }

    /**
     * A repository of entity {@code type}; {@code ID} is the Java type of its id.
     *
     * @throws IllegalArgumentException if no entity codec was generated for {@code type}, or it is a
     *     {@code @Document} without an id property
     */
    public <T, ID> Repository<T, ID> repository(Class<T> type) {
        EntityCodec<T> codec = entityCodec(type);
        return new MongoRepository<>(collection(type), codec, counters);
    }

    /**
     * Brings the counter(s) of the {@code @Sequence} of entity {@code type} up to its collection, never down: each
     * counter (each stripe of a striped sequence, with its digits and start) is raised with {@code $max} to the
     * largest id the collection holds in its part of the id space, and the ranges this process reserved below it are
     * dropped. Safe while other processes insert. Run it after importing or restoring documents with ids of the
     * sequence. See docs/sequences-in-production.md.
     *
     * <pre>{@code
     * keysmith.resync(Invoice.class).forEach(System.out::println);
     * }</pre>
     *
     * @return each counter as it was and as it is now
     * @throws IllegalArgumentException if {@code type} has no generated codec or its id is not a {@code @Sequence}
     */
    public List<CounterStatus> resync(Class<?> type) {
        EntityCodec<?> codec = sequenceEntity(type);
        return counters.resync(codec.sequence(), codec.collectionName());
    }

    /**
     * The counter(s) of the {@code @Sequence} of entity {@code type} next to its collection, read without changing
     * anything ({@link CounterStatus#behind()} tells whether one is behind the data).
     *
     * @throws IllegalArgumentException if {@code type} has no generated codec or its id is not a {@code @Sequence}
     */
    public List<CounterStatus> checkCounters(Class<?> type) {
        EntityCodec<?> codec = sequenceEntity(type);
        return counters.check(codec.sequence(), codec.collectionName());
    }

    private EntityCodec<?> sequenceEntity(Class<?> type) {
        return StoredCodecs.sequenceEntity(generated, registry, type);
    }

    /** The start-up check of the sequence of a {@code @Sequence} entity, on the first collection or repository. */
    private void checkCounters(EntityCodec<?> codec) {
        if (codec.sequence() != null) {
            counters.checkOnce(codec.sequence(), codec.collectionName(), codec.getEncoderClass());
        }
    }

    private <T> StoredCodec<T> storedCodec(Class<T> type) {
        return StoredCodecs.stored(generated, registry, type);
    }

    private <T> EntityCodec<T> entityCodec(Class<T> type) {
        return StoredCodecs.entity(generated, registry, type);
    }

    /** Stops the background prefetch of every sequence; reserved ids that are not used are abandoned. */
    @Override
    public void close() {
        ids.close();
    }

    /**
     * Builds {@link Keysmith}.
     *
     * <p>Not thread-safe: confine to one thread.
     */
    public static final class Builder {

        private final MongoDatabase database;
        private final CounterSettings settings = new CounterSettings();
        private CounterCheck counterCheck = CounterCheck.WARN;

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
         * The longest a caller waits for a range of a sequence that another thread is reserving; 30 s by default.
         * Set it to about the client's server-selection timeout. See {@link IdGenerators.Builder#allocationTimeout}.
         */
        public Builder allocationTimeout(Duration timeout) {
            settings.allocationTimeout(timeout);
            return this;
        }

        /**
         * How long callers of a sequence fail fast after a failed reservation before one tries again; 1 s by default.
         * See {@link IdGenerators.Builder#failureBackoff}.
         */
        public Builder failureBackoff(Duration backoff) {
            settings.failureBackoff(backoff);
            return this;
        }

        /**
         * Where the one background thread of the sequences comes from (virtual threads, a managed factory); keysmith's
         * daemon threads by default. See {@link IdGenerators.Builder#prefetchThreads}.
         */
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
         * What the first {@link Keysmith#collection} or {@link Keysmith#repository} of a {@code @Sequence} entity
         * does when the sequence's counter is behind the largest id of the collection: {@code WARN} (the default:
         * a log warning naming the sequence, the counter, the largest id and the fix), {@code FAIL}, {@code RESYNC}
         * or {@code OFF}. The check is one query on the {@code _id} index and one counter read per counter.
         */
        public Builder counterCheck(CounterCheck check) {
            this.counterCheck = Objects.requireNonNull(check, "counterCheck");
            return this;
        }

        /**
         * Whether a repository's insert that meets a duplicate {@code @Sequence} id resyncs the sequence and retries
         * once with a new id ({@code true} by default); with {@code false} it throws
         * {@link DuplicateSequenceIdException} at once.
         */
        public Builder resyncOnDuplicateId(boolean resync) {
            settings.resyncOnDuplicateId(resync);
            return this;
        }

        public Keysmith build() {
            MongoCounterStore store = MongoCounterStore.create(database, settings.countersCollection(),
                    settings.writeConcern());
            IdGenerators.Builder ids = settings.applyTo(IdGenerators.builder(store));
            return new Keysmith(database, ids.build(), new SequenceCounters(database, store, counterCheck,
                    settings.resyncOnDuplicateId(), "keysmith.resync(%s.class)",
                    "Keysmith.builder(...).counterCheck(...)"));
        }
    }
}
