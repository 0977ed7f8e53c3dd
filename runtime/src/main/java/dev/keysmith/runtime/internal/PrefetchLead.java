package dev.keysmith.runtime.internal;

/**
 * When the reservation of a sequence's next range starts, and when the prefetch thread looks at the sequence again.
 *
 * <p><b>The lead.</b> The ids still available (the current range plus a reserved one not yet handed out) when the
 * next reservation starts should last {@link #LEAD_RESERVATIONS} reservation times, and never less than
 * {@link #MIN_LEAD_NANOS} (a collector pause or a busy host delays a reservation by that much): between half a
 * range and a full one. A full one means the next range is reserved as soon as the callers switch to the previous,
 * so that a whole range's time covers the reservation. With the pace unknown, the lead is half a range.
 *
 * <p><b>The reservation size.</b> A range should last at least {@link #SPAN_LEADS} leads at the pace, so that
 * its reservation starts half a range, a whole lead or more, before the callers need it: a sequence whose
 * {@code batch} lasts less reserves several batches at once ({@link #reservationIds}), up to the most the allocator
 * allows. Without that, a range that lasts less than the lead leaves the prefetch no time at all: its reservation
 * can start only once the callers switch to the range before it, and a reservation that takes longer than one range
 * (a collector pause, a busy host) reaches a caller.
 *
 * <p><b>The pace</b> is learnt from ids taken over time, by the prefetch thread at each check. A faster pace is believed at once, a slower one only
 * gradually, since a pace believed too slow is a caller waiting. The reservation time is learnt the other way
 * round: a slower one at once, a faster one gradually.
 *
 * <p><b>Checks and idleness.</b> The prefetch thread checks a sequence when the ids available are predicted to reach
 * the lead. A check that finds no id taken since the previous one doubles the time to the next; after
 * {@link #IDLE_CHECKS} such checks in a row the sequence is idle and leaves the schedule (the next caller enters it
 * again). Checks are at least {@link #MIN_CHECK_NANOS} and at most {@link #MAX_CHECK_NANOS} apart.
 *
 * <p>Pure arithmetic on the times and counts it is given, so that it is tested without clocks.
 *
 * <p>Not thread-safe: confine to one thread (the prefetcher calls it on its scheduler's thread).
 */
public final class PrefetchLead {

    /** How many reservation times' worth of ids should still be available when the next reservation starts. */
    public static final long LEAD_RESERVATIONS = 4;

    /** How many leads one range should last, at least, when the allocator may reserve several batches at once. */
    public static final long SPAN_LEADS = 4;

    /** The shortest lead, in time. */
    public static final long MIN_LEAD_NANOS = 2_000_000;

    /** Checks without an id taken, in a row, after which a sequence leaves the schedule. */
    public static final int IDLE_CHECKS = 6;

    /** The time to the next check while the pace is unknown (it is learnt from the ids taken until then). */
    public static final long MEASURE_NANOS = 250_000;

    /** The shortest time between two checks. */
    public static final long MIN_CHECK_NANOS = 20_000;

    /** The longest time between two checks. */
    public static final long MAX_CHECK_NANOS = 50_000_000;

    private static final long UNKNOWN = -1;

    private long nanosPerId = UNKNOWN;
    private long reserveNanos = UNKNOWN;
    // the last check, and how many checks in a row found no id taken
    private long checkedAtNanos;
    private long handedOutAtCheck;
    private int idleChecks;

    /** A reservation took {@code nanos}. */
    public void reserved(long nanos) {
        long observed = Math.max(nanos, 1);
        reserveNanos = reserveNanos == UNKNOWN || observed >= reserveNanos ? observed
                : reserveNanos - (reserveNanos - observed) / 8;
    }

    /**
     * How many ids the next reservation should take: the fewest whole batches of {@code batch} ids that last
     * {@link #SPAN_LEADS} leads at the pace, at most {@code maxBatches}; one batch while the pace is unknown.
     */
    public long reservationIds(long batch, int maxBatches) {
        if (nanosPerId == UNKNOWN || maxBatches <= 1) {
            return batch;
        }
        long spanNanos = leadNanos() > Long.MAX_VALUE / SPAN_LEADS ? Long.MAX_VALUE : SPAN_LEADS * leadNanos();
        long wanted = spanNanos / nanosPerId;
        long batches = Math.min(maxBatches, Math.max(1, wanted / batch + (wanted % batch == 0 ? 0 : 1)));
        return batch > Long.MAX_VALUE / batches ? batch : batches * batch;
    }

    /**
     * How many ids should still be available (the current range plus a reserved one) when the reservation of the
     * next range of {@code batch} ids starts: between {@code batch / 2} and {@code batch}.
     */
    public long leadIds(long batch) {
        long half = batch / 2;
        if (nanosPerId == UNKNOWN) {
            return half;
        }
        return Math.max(half, Math.min(batch, leadNanos() / nanosPerId));
    }

    /** The lead in time: {@link #LEAD_RESERVATIONS} reservation times, at least {@link #MIN_LEAD_NANOS}. */
    private long leadNanos() {
        if (reserveNanos == UNKNOWN) {
            return MIN_LEAD_NANOS;
        }
        return Math.max(MIN_LEAD_NANOS, reserveNanos > Long.MAX_VALUE / LEAD_RESERVATIONS ? Long.MAX_VALUE
                : LEAD_RESERVATIONS * reserveNanos);
    }

    /**
     * The sequence enters the schedule, at {@code nowNanos}, with {@code handedOut} ids
     * taken so far. The pace learnt before is kept.
     */
    public void scheduled(long nowNanos, long handedOut) {
        checkedAtNanos = nowNanos;
        handedOutAtCheck = handedOut;
        idleChecks = 0;
    }

    /** The prefetch thread checks the sequence at {@code nowNanos}, with {@code handedOut} ids taken so far. */
    public void checked(long nowNanos, long handedOut) {
        long taken = handedOut - handedOutAtCheck;
        if (taken > 0) {
            paced(taken, nowNanos - checkedAtNanos);
            idleChecks = 0;
        } else {
            idleChecks++;
        }
        checkedAtNanos = nowNanos;
        handedOutAtCheck = handedOut;
    }

    /** How many ids were taken so far at the last check (or entering the schedule). */
    public long handedOutAtCheck() {
        return handedOutAtCheck;
    }

    /** Whether the last {@link #IDLE_CHECKS} checks found no id taken: the sequence leaves the schedule. */
    public boolean idle() {
        return idleChecks >= IDLE_CHECKS;
    }

    /**
     * The nanoseconds until the reservation of the next range of {@code batch} ids is
     * due, with {@code remaining} ids left in the current range and {@code ready} in a reserved one (0 when none
     * is). 0 means now; never 0 while a reserved range waits (the callers must switch to it first).
     */
    public long nanosUntilReservation(long remaining, long ready, long batch) {
        long lead = leadIds(batch);
        if (ready == 0 && remaining <= lead) {
            return 0;
        }
        if (nanosPerId == UNKNOWN) {
            return backedOff(MEASURE_NANOS);
        }
        long ids = ready == 0 ? remaining - lead : Math.max(remaining, remaining + ready - lead);
        return backedOff(ids > Long.MAX_VALUE / nanosPerId ? Long.MAX_VALUE : ids * nanosPerId);
    }

    /** The nanoseconds until the next check while a reservation is in flight. */
    public long nanosWhileReserving() {
        return backedOff(reserveNanos == UNKNOWN ? MEASURE_NANOS : reserveNanos);
    }

    /**
     * The nanoseconds until the next check while a reservation is in flight and {@code remaining} ids are left in
     * the range being handed out: {@link #nanosWhileReserving()}, but no later than the pace says the range runs
     * out. The reservation usually ends long before a reservation time learnt from a slow one, and the range that
     * follows starts then: the next reservation is due from that switch on, which a check one whole slow
     * reservation time later would miss.
     */
    public long nanosWhileReserving(long remaining) {
        long wait = reserveNanos == UNKNOWN ? MEASURE_NANOS : reserveNanos;
        if (nanosPerId != UNKNOWN) {
            wait = Math.min(wait, remaining > Long.MAX_VALUE / nanosPerId ? Long.MAX_VALUE : remaining * nanosPerId);
        }
        return backedOff(wait);
    }

    private void paced(long ids, long nanos) {
        long observed = Math.max(1, nanos / ids);
        nanosPerId = nanosPerId == UNKNOWN || observed <= nanosPerId ? observed
                : nanosPerId + (observed - nanosPerId) / 4;
    }

    /** {@code nanos}, doubled for each check in a row that found no id taken, within the check bounds. */
    private long backedOff(long nanos) {
        long wait = Math.max(MIN_CHECK_NANOS, Math.min(MAX_CHECK_NANOS, nanos));
        return Math.min(MAX_CHECK_NANOS, wait << Math.min(idleChecks, 20));
    }
}
