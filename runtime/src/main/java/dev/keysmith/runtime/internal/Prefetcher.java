package dev.keysmith.runtime.internal;

import dev.keysmith.runtime.internal.AllocatorState.Closed;
import dev.keysmith.runtime.internal.AllocatorState.Exhausted;
import dev.keysmith.runtime.internal.AllocatorState.Failed;
import dev.keysmith.runtime.internal.AllocatorState.Next;
import dev.keysmith.runtime.internal.AllocatorState.Ready;
import dev.keysmith.runtime.internal.AllocatorState.Reserving;
import java.lang.System.Logger.Level;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The background prefetch of one sequence, each check a task on its {@link PrefetchScheduler} that queues the next:
 * when to reserve the next range (the decision itself is {@link AllocatorCore#prefetch()}'s), how many batches a
 * reservation takes, when to look again. The rules and their reasons are in {@code docs/decisions-runtime.md}
 * ("When to check and reserve", "Several batches per reservation"); in short: the ids available when a reservation
 * starts should last {@link #LEAD_RESERVATIONS} reservation times (the lead, at least {@link #MIN_LEAD_NANOS}), and a
 * range {@link #SPAN_LEADS} leads (the fewest whole batches that do, at most {@code maxBatches}, one doubling per
 * reservation); the pace is learnt from the ids taken between checks (a faster one at once), the reservation time
 * from each reservation (a slower one at once). After {@link #IDLE_CHECKS} checks in a row without an id taken the
 * sequence leaves the schedule, and the next caller that takes an id enters it again ({@link #tookId()}).
 *
 * <p>Thread-safe: {@link #tookId()} from any thread; the checks on the scheduler's one thread.
 */
public final class Prefetcher implements Runnable {

    public static final long LEAD_RESERVATIONS = 4;
    public static final long SPAN_LEADS = 4;
    public static final long MIN_LEAD_NANOS = 2_000_000;
    public static final int IDLE_CHECKS = 6;
    public static final long MEASURE_NANOS = 250_000; // to the next check while the pace is unknown
    public static final long MIN_CHECK_NANOS = 20_000;
    public static final long MAX_CHECK_NANOS = 50_000_000;
    /** What {@link #check()} returns when the sequence leaves the schedule. */
    static final long LEAVE = -1;
    private static final long UNKNOWN = -1;

    private final AllocatorCore core;
    private final long batch;
    private final int maxBatches;
    private final AtomicBoolean scheduled = new AtomicBoolean();
    // confined to the scheduler's thread
    private int idleChecks = -1; // checks in a row without an id taken; -1 until the first since entering
    private boolean paced; // a check since entering saw ids taken
    private long checkedAtNanos;
    private long handedOutAtCheck;
    private long reservationsSeen;
    private long nanosPerId = UNKNOWN;
    private long reserveNanos = UNKNOWN;

    /** {@code maxBatches}: the most batches one reservation may take. */
    public Prefetcher(AllocatorCore core, long batch, int maxBatches) {
        this.core = core;
        this.batch = batch;
        this.maxBatches = maxBatches;
    }

    /** A caller took an id: enters the sequence into the schedule unless it is in it. */
    public void tookId() {
        if (!scheduled.get() && scheduled.compareAndSet(false, true)) {
            try {
                core.scheduler.execute(this);
            } catch (RejectedExecutionException closed) {
                // stays marked: nobody tries again, and the callers reserve for themselves
            }
        }
    }

    /** One check; queues the next unless the sequence leaves the schedule. */
    @Override
    public void run() {
        long next;
        try {
            next = check();
        } catch (RuntimeException | Error e) {
            leave();
            // the pool keeps what a task throws in a Future nobody reads: say it here or never
            AllocatorCore.Log.LOGGER.log(Level.WARNING, "the background prefetch of " + core + " failed; the sequence"
                    + " left the prefetch schedule, and its next caller enters it again", e);
            throw e;
        }
        try {
            if (next != LEAVE) {
                core.scheduler.schedule(this, next, TimeUnit.NANOSECONDS);
            }
        } catch (RejectedExecutionException closing) {
            // closed with the allocators: no caller enters the sequence again
        }
    }

    /** Starts the reservation of the next range if it is due; the nanoseconds to the next check, or {@link #LEAVE}. */
    long check() {
        long now = core.now();
        AllocatorState state = core.state();
        long taken = state.current().handedOut() - handedOutAtCheck;
        if (idleChecks >= 0 && taken > 0) {
            long observed = Math.max(1, (now - checkedAtNanos) / taken);
            nanosPerId = nanosPerId == UNKNOWN || observed <= nanosPerId ? observed
                    : nanosPerId + (observed - nanosPerId) / 4;
            paced = true;
        }
        idleChecks = idleChecks >= 0 && taken <= 0 ? idleChecks + 1 : 0;
        checkedAtNanos = now;
        handedOutAtCheck += taken;
        boolean reserved = core.reservations != reservationsSeen;
        if (reserved) {
            reservationsSeen = core.reservations;
            long observed = Math.max(1, core.lastReservationNanos);
            reserveNanos = reserveNanos == UNKNOWN || observed >= reserveNanos ? observed
                    : reserveNanos - (reserveNanos - observed) / 8;
        }
        long size = core.reservationIds;
        long wanted = wantedIds();
        if (paced && (wanted < size || reserved && wanted > size)) {
            core.reservationIds = Math.min(wanted, 2 * size);
        }
        long wait = nanosUntilReservation(state, now);
        if (wait == LEAVE || wait > 0 && idleChecks >= IDLE_CHECKS) {
            return leave();
        }
        if (wait > 0) {
            return wait;
        }
        core.prefetch(); // or a caller started one just now: look again once it is likely done
        return nanosWhileReserving(core.state().current().left());
    }

    /** Leaves the schedule: the next reservations take one batch, until the sequence is paced anew. */
    private long leave() {
        core.reservationIds = batch;
        paced = false;
        idleChecks = -1;
        scheduled.set(false); // last: a caller may enter the sequence again from here on
        return LEAVE;
    }

    /** The nanoseconds until the next reservation is due (0: now), or {@link #LEAVE}. */
    private long nanosUntilReservation(AllocatorState state, long now) {
        Next next = state.next();
        long left = state.current().left();
        if (next instanceof Closed || next instanceof Exhausted) {
            return LEAVE;
        } else if (next instanceof Reserving) {
            return nanosWhileReserving(left);
        } else if (next instanceof Failed failed && now - failed.retryAtNanos() < 0) {
            return backedOff(failed.retryAtNanos() - now);
        }
        long ready = next instanceof Ready r ? r.size() : 0;
        long lead = leadIds();
        if (ready == 0 && left <= lead) {
            return 0;
        }
        if (nanosPerId == UNKNOWN) {
            return backedOff(MEASURE_NANOS);
        }
        return backedOff(times(ready == 0 ? left - lead : Math.max(left, left + ready - lead), nanosPerId));
    }

    /** While a reservation is in flight: its time, but no later than the range in hand is predicted to run out. */
    private long nanosWhileReserving(long left) {
        long wait = reserveNanos == UNKNOWN ? MEASURE_NANOS : reserveNanos;
        return backedOff(nanosPerId == UNKNOWN ? wait : Math.min(wait, times(left, nanosPerId)));
    }

    /** How many ids should be available when the next reservation starts. */
    long leadIds() {
        long size = core.reservationIds;
        return nanosPerId == UNKNOWN ? size / 2 : Math.max(size / 2, Math.min(size, leadNanos() / nanosPerId));
    }

    /** The fewest whole batches that last {@link #SPAN_LEADS} leads at the pace, at most {@code maxBatches}. */
    long wantedIds() {
        if (nanosPerId == UNKNOWN) {
            return batch;
        }
        long wanted = times(SPAN_LEADS, leadNanos()) / nanosPerId;
        return Math.min(maxBatches, Math.max(1, wanted / batch + (wanted % batch == 0 ? 0 : 1))) * batch;
    }

    private long leadNanos() {
        return Math.max(MIN_LEAD_NANOS, reserveNanos == UNKNOWN ? 0 : times(LEAD_RESERVATIONS, reserveNanos));
    }

    private long backedOff(long nanos) {
        long wait = Math.max(MIN_CHECK_NANOS, Math.min(MAX_CHECK_NANOS, nanos));
        return Math.min(MAX_CHECK_NANOS, wait << Math.min(Math.max(idleChecks, 0), 20));
    }

    private static long times(long a, long b) {
        return b != 0 && a > Long.MAX_VALUE / b ? Long.MAX_VALUE : a * b;
    }
}
