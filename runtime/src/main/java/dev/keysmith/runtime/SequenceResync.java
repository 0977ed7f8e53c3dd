package dev.keysmith.runtime;

import dev.keysmith.runtime.internal.CounterRange;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;

/**
 * Brings a sequence's counters up to the data, or checks whether they are: the same procedure on every route that
 * owns counters (MongoDB, the SQL table, native SQL sequences), which supply the counters
 * ({@link ResyncableCounterStore}, or {@link AsyncResyncableCounterStore} on a non-blocking route) and the data
 * ({@link LargestIds}, or {@link AsyncLargestIds}).
 *
 * <p>For each counter of the sequence (one, or each stripe of a striped sequence, with its own part
 * {@code [first, last]} of the id space as {@code digits} and {@code start} make it): the largest id {@code m} the
 * data holds in that part is read, and the counter is raised to {@code m - first + 1} (never lowered: the store's
 * {@link ResyncableCounterStore#raise}, {@code $max} on MongoDB). Then the allocator of this process, if given, is
 * told to skip every id up to {@code m} of that part ({@link SequenceAllocator#skipThrough}), so that a range it
 * reserved before the resync is cut instead of failing id by id. The resync is safe while other processes insert:
 * a range they reserved before stays theirs (some of its ids may meet the data: their repositories resync and retry
 * such an insert, see the route's guide); every range reserved after starts above the data.
 *
 * <p>One procedure for both ways in: it is written once on {@link CompletionStage}s, one counter after the other.
 * The non-blocking methods ({@link #checkAsync}, {@link #resyncAsync}) run each step when the previous one completes,
 * on the store's threads; the blocking ones ({@link #check}, {@link #resync}) run it over stages that are complete
 * when they are made, so every step runs on the calling thread, in the same order, and a store's exception is thrown
 * as it was thrown.
 *
 * <pre>{@code
 * List<CounterStatus> done = SequenceResync.resync(spec, store, (first, last) -> largestIdInMyTable(first, last),
 *         allocator);
 * SequenceResync.resyncAsync(spec, asyncStore, (first, last) -> largestIdStage(first, last), allocator)
 *         .thenAccept(statuses -> ...);   // never blocks this thread
 * }</pre>
 *
 * <p>Thread-safe (stateless).
 */
public final class SequenceResync {

    /** The data of a sequence: the largest id its collection or table holds in a part of the id space. */
    @FunctionalInterface
    public interface LargestIds {

        /** The largest id {@code x} with {@code first <= x <= last} the data holds, or empty. */
        OptionalLong largestIn(long first, long last);
    }

    /** {@link LargestIds} without blocking: the data's answer completes a stage, on the data source's threads. */
    @FunctionalInterface
    public interface AsyncLargestIds {

        /**
         * Completes with the largest id {@code x} with {@code first <= x <= last} the data holds, or empty; must not
         * block the calling thread.
         */
        CompletionStage<OptionalLong> largestIn(long first, long last);
    }

    private SequenceResync() {
    }

    /** Each counter of {@code spec} next to the data, read without changing anything. */
    public static List<CounterStatus> check(SequenceSpec spec, ResyncableCounterStore store, LargestIds data) {
        Objects.requireNonNull(store, "store");
        Objects.requireNonNull(data, "data");
        return completed(run(spec, completing(store), completing(data), false, null));
    }

    /**
     * Raises each counter of {@code spec} that is behind the data to the data, never lowers one, and tells
     * {@code allocator} (this process's allocator of the sequence, or null) to skip the ids the data holds.
     *
     * @return each counter as it was and as it is now
     */
    public static List<CounterStatus> resync(SequenceSpec spec, ResyncableCounterStore store, LargestIds data,
            SequenceAllocator allocator) {
        Objects.requireNonNull(store, "store");
        Objects.requireNonNull(data, "data");
        return completed(run(spec, completing(store), completing(data), true, allocator));
    }

    /**
     * As {@link #check}, without blocking: completes with each counter of {@code spec} next to the data, read without
     * changing anything, or exceptionally with the store's or the data's failure.
     */
    public static CompletionStage<List<CounterStatus>> checkAsync(SequenceSpec spec,
            AsyncResyncableCounterStore store, AsyncLargestIds data) {
        Objects.requireNonNull(store, "store");
        Objects.requireNonNull(data, "data");
        return run(spec, store, data, false, null);
    }

    /**
     * As {@link #resync}, without blocking: the same steps, each run when the previous one completed. A failure stops
     * the procedure: the counters before it were raised (raising is idempotent: run it again), the ones after it are
     * untouched.
     *
     * @return a stage completed with each counter as it was and as it is now
     */
    public static CompletionStage<List<CounterStatus>> resyncAsync(SequenceSpec spec,
            AsyncResyncableCounterStore store, AsyncLargestIds data, SequenceAllocator allocator) {
        Objects.requireNonNull(store, "store");
        Objects.requireNonNull(data, "data");
        return run(spec, store, data, true, allocator);
    }

    /** The procedure: each counter of {@code spec} in turn, raised when {@code raise}. */
    private static CompletionStage<List<CounterStatus>> run(SequenceSpec spec, AsyncResyncableCounterStore store,
            AsyncLargestIds data, boolean raise, SequenceAllocator allocator) {
        CounterRange[] ranges = ranges(spec);
        List<CounterStatus> statuses = new ArrayList<>(ranges.length);
        CompletionStage<Void> done = CompletableFuture.completedFuture(null);
        for (CounterRange range : ranges) {
            done = done.thenCompose(previous -> counter(spec, range, store, data, raise, allocator))
                    .thenAccept(statuses::add);
        }
        return done.thenApply(all -> List.copyOf(statuses));
    }

    /** One counter: the largest id of its part, its value, raised to the data if behind, the allocator told. */
    private static CompletionStage<CounterStatus> counter(SequenceSpec spec, CounterRange range,
            AsyncResyncableCounterStore store, AsyncLargestIds data, boolean raise, SequenceAllocator allocator) {
        return data.largestIn(range.first(), range.last()).thenCompose(largest -> store.value(range.counter())
                .thenCompose(before -> {
                    long needed = largest.isPresent()
                            ? Math.min(largest.getAsLong() - range.first() + 1, range.counterLimit()) : 0;
                    CompletionStage<Long> after = raise && before < needed ? store.raise(range.counter(), needed)
                            : CompletableFuture.completedFuture(before);
                    return after.thenApply(value -> {
                        if (raise && allocator != null && largest.isPresent()) {
                            allocator.skipThrough(largest.getAsLong());
                        }
                        return new CounterStatus(spec.name(), range.counter(), range.first(), range.last(), before,
                                largest, value);
                    });
                }));
    }

    /** A blocking store as stages that are complete when made: each call runs on the calling thread. */
    private static AsyncResyncableCounterStore completing(ResyncableCounterStore store) {
        return new AsyncResyncableCounterStore() {
            @Override
            public CompletionStage<Long> reserve(String counter, long count) {
                return now(() -> store.reserve(counter, count));
            }

            @Override
            public CompletionStage<Long> value(String counter) {
                return now(() -> store.value(counter));
            }

            @Override
            public CompletionStage<Long> raise(String counter, long atLeast) {
                return now(() -> store.raise(counter, atLeast));
            }
        };
    }

    private static AsyncLargestIds completing(LargestIds data) {
        return (first, last) -> now(() -> data.largestIn(first, last));
    }

    private static <T> CompletionStage<T> now(Supplier<T> step) {
        try {
            return CompletableFuture.completedFuture(step.get());
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    /** The result of a stage made of complete stages; a step's exception thrown as the step threw it. */
    private static <T> T completed(CompletionStage<T> stage) {
        try {
            return stage.toCompletableFuture().join(); // complete already: never waits
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException failure) {
                throw failure;
            }
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            throw e;
        }
    }

    /** Only the counters that are behind. */
    public static List<CounterStatus> behind(List<CounterStatus> statuses) {
        return statuses.stream().filter(CounterStatus::behind).toList();
    }

    /** The message of counters found behind the data in {@code where}, with the fix. */
    static String describeBehind(String where, List<CounterStatus> behind, String fix) {
        StringBuilder message = new StringBuilder();
        message.append("[keysmith] ").append(behind.size() == 1 ? "a sequence counter is" : "sequence counters are")
                .append(" behind the data of ").append(where).append(": ");
        for (int i = 0; i < behind.size(); i++) {
            CounterStatus status = behind.get(i);
            message.append(i == 0 ? "" : "; ").append("counter '").append(status.counter()).append("' of sequence '")
                    .append(status.sequence()).append("' is at ").append(status.counterValue())
                    .append(" (next id ").append(status.nextId()).append(") but the largest id there is ")
                    .append(status.largestId().orElseThrow());
        }
        return message.append(". Inserts would meet ids already taken. Fix: ").append(fix).toString();
    }

    private static CounterRange[] ranges(SequenceSpec spec) {
        Objects.requireNonNull(spec, "spec");
        return CounterRange.split(spec.start(), spec.lastValue(), spec.counters(), spec::counterName);
    }
}
