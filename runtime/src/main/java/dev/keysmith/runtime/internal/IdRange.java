package dev.keysmith.runtime.internal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The range a sequence hands out now: {@code size} consecutive ids from {@code first}, claimed by one atomic increment
 * of a cursor each (the allocator's fast path, no lock and no decision). The cursor counts claims and may run past
 * the size; a claim past the size is no id, and each claim below it goes to exactly one caller. Ids are never
 * negative, so "used up" is {@link #USED_UP} and a take allocates nothing.
 *
 * <p>Thread-safe.
 */
public final class IdRange {

    /** What {@link #take()} returns when the range is used up. */
    public static final long USED_UP = -1;

    /** The range before the first reservation: holds no id. */
    public static final IdRange EMPTY = new IdRange(0, 0, 0);

    private static final VarHandle TAKEN;

    static {
        try {
            TAKEN = MethodHandles.lookup().findVarHandle(IdRange.class, "taken", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final long first;
    private final long size;
    private final long idsBefore; // handed out by the ranges before this one
    @SuppressWarnings("unused") // through TAKEN
    private volatile long taken;

    private IdRange(long first, long size, long idsBefore) {
        this.first = first;
        this.size = size;
        this.idsBefore = idsBefore;
    }

    /** The range that follows this one: the ids {@code [first, last]}. */
    public IdRange followedBy(long first, long last) {
        return new IdRange(first, last - first + 1, handedOut());
    }

    /** A range with no id after this one (a closed sequence keeps it, so that it still counts its ids). */
    public IdRange retired() {
        return new IdRange(0, 0, handedOut());
    }

    public long first() {
        return first;
    }

    /** This range's next id, or {@link #USED_UP}. */
    public long take() {
        long claim = (long) TAKEN.getAndAdd(this, 1L);
        return claim < size ? first + claim : USED_UP;
    }

    /**
     * Claims up to {@code into.length - from} ids at once and writes them from {@code into[from]} on.
     *
     * @return how many it wrote: 0 when the range is used up
     */
    public int takeInto(long[] into, int from) {
        int wanted = into.length - from;
        long claim = (long) TAKEN.getAndAdd(this, (long) wanted);
        int got = (int) Math.max(0, Math.min(wanted, size - claim));
        for (int i = 0; i < got; i++) {
            into[from + i] = first + claim + i;
        }
        return got;
    }

    /**
     * Never hands out an id at or below {@code id} from here on (a resync found it taken): moves the cursor past it.
     * A claim made at the same instant may still get one.
     */
    public void skipThrough(long id) {
        long claims = id < first ? 0 : id - first >= size ? size : id - first + 1;
        long now;
        do {
            now = taken;
        } while (claims > now && !TAKEN.compareAndSet(this, now, claims));
    }

    /** Whether every id of the range is claimed (read without claiming one). */
    public boolean isUsedUp() {
        return taken >= size;
    }

    /** How many ids of the range are left. */
    public long left() {
        return size - Math.min(taken, size);
    }

    /** How many ids the sequence handed out up to now: those of the ranges before this one and of this one. */
    public long handedOut() {
        return idsBefore + Math.min(taken, size);
    }
}
