package dev.keysmith.runtime.internal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The range a sequence hands out now: {@code size} consecutive ids from {@code first}, each taken by one atomic
 * increment of a cursor, so that taking an id costs no lock. The cursor counts claims and may run past the size (a
 * caller that finds the range used up has only moved it further); a claim past the size is no id, and the claims
 * below it are each handed to exactly one caller.
 *
 * <p>Ids are never negative (a sequence starts at 0 or above), so {@link #take()} says "used up" with -1 and
 * allocates nothing.
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
    private final long idsBefore;
    @SuppressWarnings("unused") // through TAKEN
    private volatile long taken;

    private IdRange(long first, long size, long idsBefore) {
        this.first = first;
        this.size = size;
        this.idsBefore = idsBefore;
    }

    /** The range that follows this one: the ids of {@code block}. */
    public IdRange followedBy(IdBlock block) {
        return new IdRange(block.first(), block.size(), handedOut());
    }

    /** A range with no id, after this one: what a closed sequence keeps, so that it still counts its ids. */
    public IdRange retired() {
        return new IdRange(0, 0, handedOut());
    }

    /** The range's first id. */
    public long first() {
        return first;
    }

    /**
     * Never hands out an id at or below {@code id} from here on (a resync found it taken): moves the cursor past it,
     * or to the end when the whole range is below it. A claim made at the same instant may still get one.
     */
    public void skipThrough(long id) {
        long claims = id < first ? 0 : id - first >= size ? size : id - first + 1;
        long now;
        do {
            now = taken;
            if (claims <= now) {
                return;
            }
        } while (!TAKEN.compareAndSet(this, now, claims));
    }

    /** This range's next id, or {@link #USED_UP}. */
    public long take() {
        long claim = (long) TAKEN.getAndAdd(this, 1L);
        return claim < size ? first + claim : USED_UP;
    }

    /** Whether every id of the range is taken (read without claiming one). */
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
