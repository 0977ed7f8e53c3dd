package dev.keysmith.runtime;

import dev.keysmith.runtime.internal.AllocatorCore;
import dev.keysmith.runtime.internal.AllocatorState;
import dev.keysmith.runtime.internal.PrefetchScheduler;
import dev.keysmith.runtime.internal.Prefetcher;
import dev.keysmith.runtime.internal.Take;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.function.LongSupplier;

/**
 * Hands out the ids of one sequence from ranges reserved in a counter store: the optimizer of Hibernate's "optimizer
 * plus access callback", the store being the callback. Ids of a range not used up (closed, the process stopped, a
 * cancelled or failed call) are never handed out again: gaps, never duplicates.
 *
 * <p><b>How the parts fit.</b> An id of the range in hand ({@code AllocatorState.Range}) costs one atomic increment.
 * All else is one immutable {@code AllocatorState} (the range in hand, and what follows it: nothing, a reservation in
 * flight, a reserved range, the last failure, the end of the id space, the close) and one pure function of it,
 * {@code AllocatorState.decide}. {@link #next()}, {@link #nextIds} and {@link #nextAsync()} run one loop over it
 * ({@code Take}), differing only in how they wait; {@link #tryNext()} never waits nor reserves; the prefetch
 * ({@code Prefetcher}, on the {@code PrefetchScheduler}'s one thread) asks it whether to reserve ahead.
 * {@code AllocatorCore} swaps the state, calls the store and settles each reservation in one place.
 *
 * <p><b>Single flight, bounded waits.</b> At most one reservation per sequence is in flight; callers that need a range
 * meanwhile share its outcome, waiting at most the allocation timeout ({@link IdGenerators.Builder#allocationTimeout};
 * one that reserves itself is bounded by the store). After a failure, callers fail fast with it for the back-off
 * ({@link IdGenerators.Builder#failureBackoff}), then the next one tries again. An interrupted blocking caller gets
 * {@link IdAllocationException} caused by {@link InterruptedException}, its interrupt flag set.
 *
 * <p><b>Stores.</b> Over a {@link CounterStore} a blocking caller reserves on its own thread, a non-blocking one on
 * the scheduler's; over an {@link AsyncCounterStore} every reservation completes on the store's threads.
 *
 * <pre>{@code
 * try (SequenceAllocator invoices = SequenceAllocator.open(SequenceSpec.of("invoices").withBatch(100), store)) {
 *     long number = invoices.next();
 *     long[] lines = invoices.nextIds(20);           // a batch insert's ids at once
 *     invoices.nextAsync().thenAccept(id -> ...);   // never blocks this thread
 * }
 * }</pre>
 *
 * <p>Thread-safe.
 */
public final class SequenceAllocator implements AutoCloseable {

    /** What {@link #tryNext()} returns when no id is ready: -1 (ids are never negative). */
    public static final long NONE_READY = AllocatorState.Range.USED_UP;

    private final SequenceSpec spec;
    private final AllocatorCore core;
    private final Prefetcher prefetcher; // null without prefetch
    private final PrefetchScheduler ownScheduler; // null when the allocator shares its generators' scheduler

    SequenceAllocator(SequenceSpec spec, Object store, Duration allocationTimeout, Duration failureBackoff,
            int prefetchBatches, PrefetchScheduler scheduler, boolean ownsScheduler, LongSupplier clock) {
        this.spec = Objects.requireNonNull(spec, "spec");
        this.core = new AllocatorCore(spec, store, allocationTimeout, failureBackoff, scheduler, clock);
        this.prefetcher = spec.prefetch() && spec.batch() > 1 ? new Prefetcher(core, spec.batch(), prefetchBatches)
                : null;
        this.ownScheduler = ownsScheduler ? scheduler : null;
    }

    /**
     * Opens an allocator on its own, with the default settings and a prefetch thread of its own (named
     * {@code keysmith-prefetch-<sequence>}, ended after 10 s without work); reserves nothing until the first id is
     * asked for. An application's allocators come from {@link IdGenerators#sequence}, which share one thread.
     */
    public static SequenceAllocator open(SequenceSpec spec, CounterStore store) {
        return opened(spec, Objects.requireNonNull(store, "store"));
    }

    /** As {@link #open(SequenceSpec, CounterStore)}, over a store that never blocks. */
    public static SequenceAllocator openAsync(SequenceSpec spec, AsyncCounterStore store) {
        return opened(spec, Objects.requireNonNull(store, "store"));
    }

    private static SequenceAllocator opened(SequenceSpec spec, Object store) {
        PrefetchScheduler own = PrefetchScheduler.ownThread(IdGenerators.DEFAULT_PREFETCH_IDLE_TIME,
                "keysmith-prefetch-" + spec.name());
        return new SequenceAllocator(spec, store, IdGenerators.DEFAULT_ALLOCATION_TIMEOUT,
                IdGenerators.DEFAULT_FAILURE_BACKOFF, IdGenerators.DEFAULT_PREFETCH_BATCHES, own, true, System::nanoTime);
    }

    /** The settings this allocator was opened with. */
    public SequenceSpec spec() {
        return spec;
    }

    /**
     * The next id, from a range reserved in the allocator's store; waits when a range must be reserved first.
     *
     * @throws IdSpaceExhaustedException when the whole id space is used up
     * @throws IdAllocationException when the store fails, the sequence fails fast after a failure, no range came
     *     within the allocation timeout, or the caller was interrupted while waiting
     * @throws IllegalStateException when the allocator is closed
     */
    public long next() {
        long id = core.state().current().take();
        return tookIds(id != NONE_READY ? id : new Take(core, 1, null).ids()[0]);
    }

    /**
     * The next id; a range it needs is reserved through {@code inlineStore} on the caller's thread (a database
     * sequence on the caller's own connection), one batch, never prefetched. Throws as {@link #next()}.
     */
    public long next(CounterStore inlineStore) {
        Objects.requireNonNull(inlineStore, "inlineStore");
        long id = core.state().current().take();
        return id != NONE_READY ? id : new Take(core, 1, inlineStore).ids()[0];
    }

    /**
     * {@code count} ids at once, for a batch insert, with the guarantees of {@link #next()}: from the range in hand
     * and, when it has fewer, the next ones (waiting or reserving as {@link #next()} does); increasing within each
     * range. Throws as {@link #next()} (the ids claimed for the call are then gaps), and
     * {@link IllegalArgumentException} for a negative {@code count}.
     */
    public long[] nextIds(int count) {
        if (count < 0) {
            throw new IllegalArgumentException("count must not be negative, but was " + count);
        }
        long[] ids = new Take(core, count, null).ids();
        if (count > 0) {
            tookIds(ids[0]);
        }
        return ids;
    }

    /**
     * The next id without blocking the calling thread: a completed future while the range in hand has ids, else one
     * completed by the reservation of the next range (on the thread that completes it), or exceptionally with what
     * {@link #next()} would throw. Cancelling it withdraws the request: an id taken for it afterwards is a gap.
     */
    public CompletableFuture<Long> nextAsync() {
        long id = tryNext();
        if (id != NONE_READY) {
            return CompletableFuture.completedFuture(id);
        }
        return new Take.Async(core, () -> tookIds(0)).start();
    }

    /**
     * The next id if one is in hand or reserved, else {@link #NONE_READY} (also when closed or used up: then
     * {@link #nextAsync()} says which). Never waits, never reserves, allocates nothing; reactive callers take a future
     * only when it says none is ready:
     *
     * <pre>{@code
     * long id = sequence.tryNext();
     * Mono<Long> next = id != SequenceAllocator.NONE_READY ? Mono.just(id) : Mono.fromFuture(sequence::nextAsync);
     * }</pre>
     */
    public long tryNext() {
        long id = core.tryTake();
        return id == NONE_READY ? id : tookIds(id);
    }

    /**
     * The resync hook: from now on no id at or below {@code largestTaken} is handed out from the counter whose part of
     * the id space holds it (one claimed at that very instant excepted): the range in hand is cut, and a reserved one
     * when installed. Ids above it, other counters and ids outside the space are untouched. Call it once the counter
     * was raised past {@code largestTaken}.
     */
    public void skipThrough(long largestTaken) {
        core.skipThrough(largestTaken);
    }

    /** What this sequence has done so far; each figure is read atomically, the set without a lock. */
    public SequenceSnapshot snapshot() {
        return core.snapshot();
    }

    /**
     * Stops the allocator: callers waiting and later ones get {@link IllegalStateException}; a reservation in flight
     * finishes but its range is dropped, as is the rest of the ranges reserved.
     */
    @Override
    public void close() {
        core.close();
        if (ownScheduler != null) {
            ownScheduler.close();
        }
    }

    @Override
    public String toString() {
        return "SequenceAllocator" + spec;
    }

    /** For the model checker, whose prefetch step is the core's. */
    AllocatorCore core() {
        return core;
    }

    private long tookIds(long id) {
        if (prefetcher != null) {
            prefetcher.tookId();
        }
        return id;
    }
}
