package dev.keysmith.runtime.internal;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The range a sequence hands out now: {@code size} consecutive ids from {@code first}, each claimed by one atomic
 * increment of a cursor (the value of this {@code AtomicLong}; the fast path: no lock, no decision). The cursor
 * counts claims and may run past the size: such a claim is no id, and every claim below it goes to one caller. Ids are
 * never negative, so "used up" is {@link #USED_UP} and a take allocates nothing.
 *
 * <p>Thread-safe.
 */
@SuppressWarnings("serial") // never serialized
public final class IdRange extends AtomicLong {

    /** What {@link #take()} returns when the range is used up. */
    public static final long USED_UP = -1;

    /** The range before the first reservation: holds no id. */
    public static final IdRange EMPTY = new IdRange(0, 0, 0);

    private final long first;
    private final long size;
    private final long idsBefore; // handed out by the ranges before this one

    private IdRange(long first, long size, long idsBefore) {
        this.first = first;
        this.size = size;
        this.idsBefore = idsBefore;
    }

    /** The range that follows this one: the ids {@code [first, last]}. */
    public IdRange followedBy(long first, long last) {
        return new IdRange(first, last - first + 1, handedOut());
    }

    /** A range with no id after this one (a closed sequence keeps it, to go on counting its ids). */
    public IdRange retired() {
        return new IdRange(0, 0, handedOut());
    }

    public long first() {
        return first;
    }

    /** This range's next id, or {@link #USED_UP}. */
    public long take() {
        long claim = getAndIncrement();
        return claim < size ? first + claim : USED_UP;
    }

    /** Claims up to {@code into.length - from} ids at once into {@code into[from...]}; how many it got (0: used up). */
    public int takeInto(long[] into, int from) {
        int wanted = into.length - from;
        long claim = getAndAdd(wanted);
        int got = (int) Math.max(0, Math.min(wanted, size - claim));
        for (int i = 0; i < got; i++) {
            into[from + i] = first + claim + i;
        }
        return got;
    }

    /** Never hands out an id at or below {@code id} from here on (one claimed at the same instant excepted). */
    public void skipThrough(long id) {
        long claims = id < first ? 0 : id - first >= size ? size : id - first + 1;
        getAndAccumulate(claims, Math::max);
    }

    /** The ids not yet claimed. */
    public long left() {
        return size - Math.min(get(), size);
    }

    /** How many ids the sequence handed out up to now: those of the ranges before this one and of this one. */
    public long handedOut() {
        return idsBefore + Math.min(get(), size);
    }
}
