package dev.keysmith.runtime;

import dev.keysmith.runtime.internal.AllocatorRules;
import dev.keysmith.runtime.internal.PrefetchScheduler;
import java.time.Duration;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadFactory;
import org.bson.types.ObjectId;

/**
 * The generators of every strategy for one database: the JVM-wide {@link ObjectIdGenerator} and version 7
 * {@link UuidGenerator}, a {@link RandomIdGenerator} per digit count, and one {@link SequenceAllocator} per
 * sequence name over the database's {@link CounterStore} (or {@link AsyncCounterStore}), all of whose background
 * work runs on one scheduler: one thread at most, from keysmith's or the application's {@link ThreadFactory}, ended
 * when idle. Each generator is made on first use. Generated codecs take their ids from here.
 *
 * <pre>{@code
 * IdGenerators ids = IdGenerators.builder(store)
 *         .allocationTimeout(Duration.ofSeconds(5))   // longest wait for another caller's reservation
 *         .failureBackoff(Duration.ofMillis(500))     // fail fast this long after a failed reservation
 *         .build();
 * }</pre>
 *
 * <p>Thread-safe.
 */
public final class IdGenerators implements AutoCloseable {

    private final CounterStore store; // null over an AsyncCounterStore
    private final AsyncCounterStore asyncStore; // null over a CounterStore
    private final Duration allocationTimeout;
    private final Duration failureBackoff;
    private final int prefetchBatches;
    // Here rather than in SequenceAllocator: generators that never open a sequence never load the allocator.
    static final Duration DEFAULT_ALLOCATION_TIMEOUT = Duration.ofSeconds(30);
    static final Duration DEFAULT_FAILURE_BACKOFF = Duration.ofSeconds(1);
    static final Duration DEFAULT_PREFETCH_IDLE_TIME = Duration.ofSeconds(10);
    static final int DEFAULT_PREFETCH_BATCHES = 16;

    // The scheduler's settings, and the scheduler made from them when the first sequence opens: generators whose
    // codecs never use a sequence (and every codec's first document) load no scheduler, executor or lock class.
    private final Duration prefetchIdleTime;
    private final ThreadFactory prefetchThreads;
    private PrefetchScheduler scheduler; // guarded by this
    private final Map<Integer, RandomIdGenerator> randomIds = new ConcurrentHashMap<>();
    private final Map<String, SequenceAllocator> sequences = new ConcurrentHashMap<>();
    private volatile boolean closed;

    private IdGenerators(CounterStore store, AsyncCounterStore asyncStore, Duration allocationTimeout,
            Duration failureBackoff, int prefetchBatches, Duration prefetchIdleTime, ThreadFactory prefetchThreads) {
        this.store = store;
        this.asyncStore = asyncStore;
        this.allocationTimeout = allocationTimeout;
        this.failureBackoff = failureBackoff;
        this.prefetchBatches = prefetchBatches;
        this.prefetchIdleTime = prefetchIdleTime;
        this.prefetchThreads = prefetchThreads;
    }

    private synchronized PrefetchScheduler scheduler() {
        if (scheduler == null) {
            scheduler = prefetchThreads != null ? PrefetchScheduler.ownThread(prefetchIdleTime, prefetchThreads)
                    : PrefetchScheduler.ownThread(prefetchIdleTime, (String) null);
            if (closed) {
                scheduler.close(); // close() ran while this sequence opened: no thread outlives it
            }
        }
        return scheduler;
    }

    /**
     * The JVM-wide ObjectId generator, made on first use: creating generators costs nothing until an id is
     * needed (seeding {@code SecureRandom} is the slow part of starting up).
     */
    private static final class SharedObjectIds {
        static final ObjectIdGenerator GENERATOR = ObjectIdGenerator.create();
    }

    /** Generators whose sequences reserve their ranges in {@code store}, with the default timeouts. */
    public static IdGenerators create(CounterStore store) {
        // Not through the builder: one class fewer to load before the first document.
        return new IdGenerators(Objects.requireNonNull(store, "store"), null, DEFAULT_ALLOCATION_TIMEOUT,
                DEFAULT_FAILURE_BACKOFF, DEFAULT_PREFETCH_BATCHES, DEFAULT_PREFETCH_IDLE_TIME, null);
    }

    /**
     * Generators whose sequences reserve their ranges in {@code store}, which never blocks, with the default
     * timeouts: for reactive applications, whose event loops take ids with {@link SequenceAllocator#nextAsync()}.
     */
    public static IdGenerators createAsync(AsyncCounterStore store) {
        return asyncBuilder(store).build();
    }

    /** A builder to change the timeouts and the prefetch scheduler. */
    public static Builder builder(CounterStore store) {
        return new Builder(Objects.requireNonNull(store, "store"), null);
    }

    /** As {@link #builder(CounterStore)}, over a store that never blocks. */
    public static Builder asyncBuilder(AsyncCounterStore store) {
        return new Builder(null, Objects.requireNonNull(store, "store"));
    }

    /** An ObjectId from the JVM-wide generator: one 5-byte process value per process, as the spec has it. */
    public ObjectId objectId() {
        return SharedObjectIds.GENERATOR.next();
    }

    /** A version 4 UUID. */
    public UUID randomUuid() {
        return UUID.randomUUID();
    }

    /** A version 7 UUID, strictly increasing within the JVM. */
    public UUID timeOrderedUuid() {
        return UuidGenerator.timeOrdered().next();
    }

    /**
     * A random id with exactly {@code digits} digits (1 to 18).
     *
     * @throws IllegalArgumentException naming {@code digits} if it is not between 1 and 18
     */
    public long randomId(int digits) {
        RandomIdGenerator generator = randomIds.get(digits);
        if (generator == null) {
            generator = randomIds.computeIfAbsent(digits, RandomIdGenerator::create);
        }
        return generator.next();
    }

    /**
     * The allocator of the sequence {@code spec.name()}, opened on first use and shared afterwards.
     *
     * @throws IllegalArgumentException if the same name was opened before with other settings
     * @throws IllegalStateException if these generators are closed
     */
    public SequenceAllocator sequence(SequenceSpec spec) {
        Objects.requireNonNull(spec, "spec");
        if (closed) {
            throw new IllegalStateException("these id generators are closed; sequence '" + spec.name()
                    + "' cannot be opened");
        }
        SequenceAllocator allocator = sequences.computeIfAbsent(spec.name(), name -> new SequenceAllocator(spec,
                store != null ? store : asyncStore, allocationTimeout, failureBackoff, prefetchBatches, scheduler(),
                false, System::nanoTime));
        if (!allocator.spec().equals(spec)) {
            throw new IllegalArgumentException("sequence '" + spec.name() + "' is declared twice with different"
                    + " settings: " + allocator.spec() + " and " + spec + "; give one of them another name");
        }
        return allocator;
    }

    /** The allocators of every sequence opened so far (a live, unmodifiable view), for metrics and health checks. */
    public Collection<SequenceAllocator> sequences() {
        return Collections.unmodifiableCollection(sequences.values());
    }

    /** A snapshot of every sequence opened so far, ordered by name. */
    public List<SequenceSnapshot> sequenceSnapshots() {
        return sequences.values().stream()
                .map(SequenceAllocator::snapshot)
                .sorted(Comparator.comparing(SequenceSnapshot::sequence))
                .toList();
    }

    /** Closes every sequence allocator and ends the scheduler's thread. */
    @Override
    public void close() {
        closed = true;
        sequences.values().forEach(SequenceAllocator::close);
        PrefetchScheduler made;
        synchronized (this) {
            made = scheduler;
        }
        if (made != null) {
            made.close();
        }
    }

    /**
     * Builds {@link IdGenerators}.
     *
     * <p>Not thread-safe: confine to one thread.
     */
    public static final class Builder {

        private final CounterStore store;
        private final AsyncCounterStore asyncStore;
        private Duration allocationTimeout = DEFAULT_ALLOCATION_TIMEOUT;
        private Duration failureBackoff = DEFAULT_FAILURE_BACKOFF;
        private Duration prefetchIdleTime = DEFAULT_PREFETCH_IDLE_TIME;
        private int prefetchBatches = DEFAULT_PREFETCH_BATCHES;
        private ThreadFactory prefetchThreads;

        private Builder(CounterStore store, AsyncCounterStore asyncStore) {
            this.store = store;
            this.asyncStore = asyncStore;
        }

        /**
         * The longest a caller of {@code next()} or {@code nextAsync()} waits for a range that is being reserved (by
         * another caller, the prefetch, or over an {@link AsyncCounterStore}); 30 s by default (the MongoDB driver's
         * default server-selection timeout). Set it to about the store's own timeout.
         */
        public Builder allocationTimeout(Duration timeout) {
            this.allocationTimeout = positive(timeout, "allocationTimeout");
            return this;
        }

        /**
         * How long callers fail fast with a failed reservation's error before one of them tries again; 1 s by
         * default. {@link Duration#ZERO} retries at once.
         */
        public Builder failureBackoff(Duration backoff) {
            Objects.requireNonNull(backoff, "failureBackoff");
            if (backoff.isNegative()) {
                throw new IllegalArgumentException("failureBackoff must not be negative, but was " + backoff);
            }
            this.failureBackoff = backoff;
            return this;
        }

        /**
         * The most batches one reservation of a prefetching sequence may take; 16 by default, 1 for exactly one
         * batch per reservation. A sequence whose batch lasts less than about four prefetch leads at the pace it is
         * used at (8 ms or more: a batch of 50 taken at more than about 6,000 ids a second) reserves the fewest whole
         * batches that last that long, so that its next range is reserved well before it is needed; a sequence that
         * idles goes back to one batch. The price is in gaps: a process that stops abandons up to two reservations
         * of that size (docs/sequences-in-production.md).
         */
        public Builder prefetchBatches(int maxBatches) {
            this.prefetchBatches = AllocatorRules.prefetchBatches(maxBatches);
            return this;
        }

        /** How long the scheduler's thread stays with nothing to do before it ends; 10 s by default. */
        public Builder prefetchIdleTime(Duration idleTime) {
            this.prefetchIdleTime = positive(idleTime, "prefetchIdleTime");
            return this;
        }

        /**
         * Where the thread of the scheduler comes from: the one thread per {@code IdGenerators} that prefetches the
         * sequences' ranges, runs the blocking store calls that non-blocking callers need, and times their waits out.
         * By default keysmith makes daemon threads named {@code keysmith-prefetch-<n>}; give
         * {@code Thread.ofVirtual().factory()} (Java 21) or a container's managed factory to have them from there.
         * The thread is made on first use and ends after {@link #prefetchIdleTime} with nothing to do.
         */
        public Builder prefetchThreads(ThreadFactory threads) {
            this.prefetchThreads = Objects.requireNonNull(threads, "prefetchThreads");
            return this;
        }

        public IdGenerators build() {
            return new IdGenerators(store, asyncStore, allocationTimeout, failureBackoff, prefetchBatches,
                    prefetchIdleTime, prefetchThreads);
        }

        private static Duration positive(Duration value, String name) {
            Objects.requireNonNull(value, name);
            if (value.isNegative() || value.isZero()) {
                throw new IllegalArgumentException(name + " must be positive, but was " + value);
            }
            return value;
        }
    }
}
