package dev.keysmith.mongodb.internal;

import com.mongodb.WriteConcern;
import dev.keysmith.runtime.CounterDocuments;
import dev.keysmith.runtime.IdGenerators;
import dev.keysmith.runtime.internal.AllocatorRules;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.ThreadFactory;

/**
 * The settings that both MongoDB entry points take from the application, with their checks and messages: the
 * builders of {@code Keysmith} (synchronous driver) and {@code ReactiveKeysmith} (reactive streams driver) hold one
 * each and only pass their calls on, so the two cannot drift apart. A {@code null}, a blank collection name or a
 * {@code prefetchBatches} below 1 fails at the builder's call, naming the setting (the last with the check of
 * {@link IdGenerators.Builder} itself); the durations' ranges are checked by {@link IdGenerators.Builder} when
 * {@link #applyTo} passes them on at {@code build()}, and the allocator's settings left unset keep its defaults.
 * Names no driver type but {@link WriteConcern}, which both drivers share.
 *
 * <p>Not thread-safe: confine to one thread.
 */
public final class CounterSettings {

    private String countersCollection = CounterDocuments.DEFAULT_COLLECTION;
    private WriteConcern writeConcern = WriteConcern.MAJORITY;
    private Duration allocationTimeout;
    private Duration failureBackoff;
    private ThreadFactory prefetchThreads;
    private Integer prefetchBatches;
    private boolean resyncOnDuplicateId = true;

    /**
     * {@code name}, checked as the name of a counters collection.
     *
     * @throws IllegalArgumentException if {@code name} is null or blank
     */
    public static String collectionName(String name) {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("the counters collection needs a name, not '" + name + "'");
        }
        return name;
    }

    /** The collection of the counters; {@value CounterDocuments#DEFAULT_COLLECTION} unless set. */
    public String countersCollection() {
        return countersCollection;
    }

    /** @throws IllegalArgumentException if {@code name} is null or blank */
    public void countersCollection(String name) {
        this.countersCollection = collectionName(name);
    }

    /** The write concern of counter writes; {@code MAJORITY} unless set. */
    public WriteConcern writeConcern() {
        return writeConcern;
    }

    public void writeConcern(WriteConcern writeConcern) {
        this.writeConcern = Objects.requireNonNull(writeConcern, "writeConcern");
    }

    public void allocationTimeout(Duration timeout) {
        this.allocationTimeout = Objects.requireNonNull(timeout, "allocationTimeout");
    }

    public void failureBackoff(Duration backoff) {
        this.failureBackoff = Objects.requireNonNull(backoff, "failureBackoff");
    }

    public void prefetchThreads(ThreadFactory threads) {
        this.prefetchThreads = Objects.requireNonNull(threads, "prefetchThreads");
    }

    /** @throws IllegalArgumentException naming the setting if {@code maxBatches} is below 1 */
    public void prefetchBatches(int maxBatches) {
        this.prefetchBatches = AllocatorRules.prefetchBatches(maxBatches);
    }

    /** Whether a repository's insert that meets a duplicate sequence id resyncs and retries once; true unless set. */
    public boolean resyncOnDuplicateId() {
        return resyncOnDuplicateId;
    }

    public void resyncOnDuplicateId(boolean resync) {
        this.resyncOnDuplicateId = resync;
    }

    /**
     * Gives {@code ids} the allocator settings that were set (the others keep its defaults); returns {@code ids}.
     * The durations' ranges are checked here, by {@code ids}.
     *
     * @throws IllegalArgumentException naming the setting if {@code allocationTimeout} is not positive or
     *     {@code failureBackoff} is negative
     */
    public IdGenerators.Builder applyTo(IdGenerators.Builder ids) {
        if (allocationTimeout != null) {
            ids.allocationTimeout(allocationTimeout);
        }
        if (failureBackoff != null) {
            ids.failureBackoff(failureBackoff);
        }
        if (prefetchThreads != null) {
            ids.prefetchThreads(prefetchThreads);
        }
        if (prefetchBatches != null) {
            ids.prefetchBatches(prefetchBatches);
        }
        return ids;
    }
}
