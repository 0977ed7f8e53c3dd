package dev.keysmith.runtime.internal;

import dev.keysmith.runtime.internal.NextRange.Failed;
import dev.keysmith.runtime.internal.NextRange.Ready;
import dev.keysmith.runtime.internal.NextRange.Reserving;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.RejectedExecutionException;

/**
 * The background prefetch of one sequence: when to reserve its next range, decided on the thread of its
 * {@link PrefetchScheduler} from the pace the sequence is used at ({@link PrefetchLead}).
 *
 * <p>A caller that took an id tells the prefetcher ({@link #tookId()}); that costs one volatile read while the
 * sequence is in the schedule, and enters it when it is not (first use, after idling, after the scheduler dropped
 * it). From then on the scheduler's thread checks the sequence when its ids left are predicted to reach the lead,
 * starts the reservation there ({@link Sequence#startPrefetch()}), and says when to look again, until the sequence
 * is idle or ended.
 *
 * <p>The checks also size the reservations ({@link Sequence#reservationIds}): the {@link PrefetchLead}'s size for the
 * pace, but at most twice the last reservation's (a burst of ids is not yet a pace: the size grows one doubling per
 * reservation, as a segment allocator's step does), and one batch again once the sequence idles, until a check sees
 * ids taken.
 *
 * <p>Thread-safe: {@link #tookId()} is called from any thread; the checks, and the {@link PrefetchLead} they use,
 * run on the scheduler's one thread.
 */
public final class Prefetcher implements PrefetchScheduler.Prefetch {

    /** What the prefetcher needs to see of a sequence, and the one thing it does to it. */
    public interface Sequence {

        /** How many ids the sequence handed out so far. */
        long handedOut();

        /** How many ids are left in the range being handed out. */
        long idsLeft();

        /** The state of the next range. */
        NextRange nextRange();

        /** Whether the sequence takes no more reservations: closed, or its id space used up. */
        boolean ended();

        /**
         * How many ids the reservations of the sequence take from now on: {@code batch} or a multiple of it. Only
         * the prefetcher sets it.
         */
        void reservationIds(long ids);

        /** How many reservations succeeded so far. */
        long reservations();

        /** How long the last successful reservation took. */
        long lastReservationNanos();

        /**
         * Starts the reservation of the next range in the background, unless one is under way, reserved, or
         * failed within the back-off.
         *
         * @return whether it started one
         */
        boolean startPrefetch();
    }

    private static final VarHandle SCHEDULED;

    static {
        try {
            SCHEDULED = MethodHandles.lookup().findVarHandle(Prefetcher.class, "scheduled", boolean.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final Sequence sequence;
    private final PrefetchScheduler scheduler;
    private final long batch;
    private final int maxBatches;
    private volatile boolean scheduled;
    // confined to the scheduler's thread
    private final PrefetchLead lead = new PrefetchLead();
    private boolean entered; // false until the first check after entering the schedule
    private long reservationsSeen;
    private long reservationIds;
    private long largestNext; // the most ids the next reservation may take: twice the last one's, until reserved
    private boolean paced; // whether a check since entering the schedule saw ids taken

    /**
     * @param batch the sequence's batch
     * @param maxBatches the most batches one reservation may take (1: always one)
     */
    public Prefetcher(Sequence sequence, PrefetchScheduler scheduler, long batch, int maxBatches) {
        this.sequence = sequence;
        this.scheduler = scheduler;
        this.batch = batch;
        this.maxBatches = maxBatches;
        this.reservationIds = batch;
        this.largestNext = batch;
    }

    /** A caller took an id: enters the sequence into the schedule unless it is in it. */
    public void tookId() {
        if (!scheduled && SCHEDULED.compareAndSet(this, false, true)) {
            try {
                scheduler.schedule(this);
            } catch (RejectedExecutionException e) {
                // the scheduler is closed: the sequence stays marked as scheduled, so no caller tries again, and the
                // caller that uses up the range reserves the next one itself
            }
        }
    }

    @Override
    public long check() {
        long now = System.nanoTime();
        long handedOut = sequence.handedOut();
        if (entered) {
            paced |= handedOut != lead.handedOutAtCheck();
            lead.checked(now, handedOut);
        } else {
            lead.scheduled(now, handedOut);
            entered = true;
        }
        long reservations = sequence.reservations();
        if (reservations != reservationsSeen) {
            reservationsSeen = reservations;
            lead.reserved(sequence.lastReservationNanos());
            largestNext = reservationIds > Long.MAX_VALUE / 2 ? reservationIds : 2 * reservationIds;
        }
        if (paced) { // a sequence back from idling reserves one batch until it is seen in use again
            resize(Math.min(lead.reservationIds(batch, maxBatches), largestNext));
        }
        long wait = nanosUntilPrefetch(now);
        if (wait == LEAVE || wait > 0 && lead.idle()) {
            return leave();
        }
        if (wait > 0) {
            return wait;
        }
        sequence.startPrefetch(); // or a caller started one just now: either way, look again once it is likely done
        return Math.max(lead.nanosWhileReserving(sequence.idsLeft()), PrefetchLead.MIN_CHECK_NANOS);
    }

    @Override
    public void dropped() {
        leave();
    }

    /** The nanoseconds until the next check, 0 to reserve now, or {@link #LEAVE}. */
    private long nanosUntilPrefetch(long now) {
        if (sequence.ended()) {
            return LEAVE;
        }
        NextRange next = sequence.nextRange();
        if (next instanceof Reserving) {
            return lead.nanosWhileReserving(sequence.idsLeft());
        }
        if (next instanceof Failed failed && failed.backingOff(now)) {
            return Math.max(1, failed.retryAtNanos() - now);
        }
        long ready = next instanceof Ready r ? r.block().size() : 0;
        return lead.nanosUntilReservation(sequence.idsLeft(), ready, reservationIds);
    }

    private void resize(long ids) {
        if (ids != reservationIds) {
            reservationIds = ids;
            sequence.reservationIds(ids);
        }
    }

    /** Names the sequence, for the scheduler's warning when a check fails. */
    @Override
    public String toString() {
        return sequence.toString();
    }

    /** Leaves the schedule: an idle sequence's next reservations take one batch again, until it is paced anew. */
    private long leave() {
        resize(batch);
        largestNext = batch;
        paced = false;
        entered = false;
        scheduled = false; // last: a caller may enter the sequence again from here on
        return LEAVE;
    }
}
