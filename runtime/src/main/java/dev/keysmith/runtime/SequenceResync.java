package dev.keysmith.runtime;

import dev.keysmith.runtime.internal.CounterRange;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.OptionalLong;

/**
 * Brings a sequence's counters up to the data, or checks whether they are: the same procedure on every route that
 * owns counters (MongoDB, the SQL table, native SQL sequences), which supply the counters
 * ({@link ResyncableCounterStore}) and the data ({@link LargestIds}).
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
 * <pre>{@code
 * List<CounterStatus> done = SequenceResync.resync(spec, store, (first, last) -> largestIdInMyTable(first, last),
 *         allocator);
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

    private SequenceResync() {
    }

    /** Each counter of {@code spec} next to the data, read without changing anything. */
    public static List<CounterStatus> check(SequenceSpec spec, ResyncableCounterStore store, LargestIds data) {
        List<CounterStatus> statuses = new ArrayList<>(spec.counters());
        for (CounterRange range : ranges(spec)) {
            OptionalLong largest = data.largestIn(range.first(), range.last());
            long value = store.value(range.counter());
            statuses.add(new CounterStatus(spec.name(), range.counter(), range.first(), range.last(), value, largest,
                    value));
        }
        return List.copyOf(statuses);
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
        List<CounterStatus> statuses = new ArrayList<>(spec.counters());
        for (CounterRange range : ranges(spec)) {
            OptionalLong largest = data.largestIn(range.first(), range.last());
            long before = store.value(range.counter());
            long after = before;
            if (largest.isPresent()) {
                long needed = Math.min(largest.getAsLong() - range.first() + 1, range.counterLimit());
                if (before < needed) {
                    after = store.raise(range.counter(), needed);
                }
                if (allocator != null) {
                    allocator.skipThrough(largest.getAsLong());
                }
            }
            statuses.add(new CounterStatus(spec.name(), range.counter(), range.first(), range.last(), before, largest,
                    after));
        }
        return List.copyOf(statuses);
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
