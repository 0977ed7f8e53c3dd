package dev.keysmith.runtime.internal;

import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * All a sequence allocator decides from, as one value, and the one function that decides ({@link #decide}).
 * {@code current} is the range being handed out (its ids claimed by its cursor, before any decision); {@code next} is
 * what follows it. Every change is a compare-and-set of a whole new value: a caller that loses the race decides again.
 *
 * <p>Immutable (but for the current range's cursor, and a {@link Reserving}, which settles once).
 */
public record AllocatorState(Range current, Next next) {

    /** Before the first reservation. */
    public static final AllocatorState INITIAL = new AllocatorState(Range.EMPTY, new None());

    /** What follows the range being handed out. */
    public sealed interface Next permits None, Reserving, Ready, Failed, Exhausted, Closed {}

    /** Nothing reserved and nothing under way. */
    public record None() implements Next {}

    /** A reserved range {@code [first, last]}, not yet handed out. */
    public record Ready(long first, long last) implements Next {

        public long size() {
            return last - first + 1;
        }
    }

    /** The last reservation failed at {@code atNanos}; nobody tries again before {@code retryAtNanos}. */
    public record Failed(String counter, Throwable cause, long atNanos, long retryAtNanos) implements Next {}

    /** Every counter is used up. */
    public record Exhausted() implements Next {}

    public record Closed() implements Next {}

    /** An id, waiting or reserving if need be ({@code next()}); an id only if one is at hand; a range ahead. */
    public enum Want { ID, ID_NOW, PREFETCH }

    /**
     * Claim ids of {@code current}; install the {@link Ready} range in place of the used-up {@code current}; wait for
     * the {@link Reserving} one; swap in a {@link Reserving} of one's own and reserve; fail with what {@code next} says.
     */
    public enum Action { TAKE, INSTALL, WAIT, RESERVE, FAIL, NOTHING }

    /**
     * The decision. A caller that waited for a reservation (from {@code waitedSinceNanos} on) takes its failure as
     * its own; any other fails fast with a failure only during the back-off, and then reserves again.
     */
    public Action decide(Want want, long nowNanos, boolean waited, long waitedSinceNanos) {
        if (next instanceof Closed) {
            return want == Want.PREFETCH ? Action.NOTHING : Action.FAIL;
        } else if (want != Want.PREFETCH && current.left() > 0) {
            return Action.TAKE;
        } else if (next instanceof Ready) {
            return want == Want.PREFETCH ? Action.NOTHING : Action.INSTALL;
        } else if (next instanceof Reserving) {
            return want == Want.ID ? Action.WAIT : Action.NOTHING;
        } else if (next instanceof Exhausted || next instanceof Failed failed && (nowNanos - failed.retryAtNanos() < 0
                || waited && failed.atNanos() - waitedSinceNanos >= 0)) {
            return want == Want.PREFETCH ? Action.NOTHING : Action.FAIL;
        }
        return want == Want.ID_NOW ? Action.NOTHING : Action.RESERVE;
    }

    public AllocatorState with(Next replacement) {
        return new AllocatorState(current, replacement);
    }

    /**
     * A reservation in flight (one instance each, compared by identity). {@link #settled()} completes, always
     * normally, once its outcome is in the state: what every waiter waits for ({@link Take}). Its non-blocking
     * waiters, and whether their one timer is armed, are kept here for that timer ({@link Take.Async}).
     */
    public static final class Reserving implements Next {

        private final CompletableFuture<Void> settled = new CompletableFuture<>();
        final Queue<Take.Async> waiters = new ConcurrentLinkedQueue<>();
        final AtomicBoolean armed = new AtomicBoolean();

        public CompletableFuture<Void> settled() {
            return settled;
        }
    }

    /**
     * The range being handed out: {@code size} ids from {@code first}, each claimed by one atomic increment of a
     * cursor (this {@code AtomicLong}: the fast path, no lock, no decision). The cursor counts claims and may run past
     * the size: such a claim is no id. Ids are never negative, so "used up" is {@link #USED_UP} and a take allocates
     * nothing. A new range carries the count of the ids handed out before it, for the figures and the prefetch's pace.
     */
    @SuppressWarnings("serial") // never serialized
    public static final class Range extends AtomicLong {

        /** What {@link #take()} returns when the range is used up. */
        public static final long USED_UP = -1;

        static final Range EMPTY = new Range(0, 0, 0);

        private final long first;
        private final long size;
        private final long idsBefore;

        private Range(long first, long size, long idsBefore) {
            this.first = first;
            this.size = size;
            this.idsBefore = idsBefore;
        }

        /** The range of the ids {@code [first, last]} that follows this one. */
        Range followedBy(long first, long last) {
            return new Range(first, last - first + 1, handedOut());
        }

        /** A range with no id after this one (a closed sequence keeps it, to go on counting its ids). */
        Range retired() {
            return new Range(0, 0, handedOut());
        }

        long first() {
            return first;
        }

        /** This range's next id, or {@link #USED_UP}. */
        public long take() {
            long claim = getAndIncrement();
            return claim < size ? first + claim : USED_UP;
        }

        /** Claims up to {@code into.length - from} ids into {@code into[from...]} at once; how many it got. */
        int takeInto(long[] into, int from) {
            int wanted = into.length - from;
            long claim = getAndAdd(wanted);
            int got = (int) Math.max(0, Math.min(wanted, size - claim));
            for (int i = 0; i < got; i++) {
                into[from + i] = first + claim + i;
            }
            return got;
        }

        /** Never hands out an id at or below {@code id} from here on (one claimed at the same instant excepted). */
        void skipThrough(long id) {
            long claims = id < first ? 0 : id - first >= size ? size : id - first + 1;
            getAndAccumulate(claims, Math::max);
        }

        /** The ids not yet claimed. */
        public long left() {
            return size - Math.min(get(), size);
        }

        /** The ids the sequence handed out so far: those of the ranges before this one and of this one. */
        public long handedOut() {
            return idsBefore + Math.min(get(), size);
        }
    }
}
