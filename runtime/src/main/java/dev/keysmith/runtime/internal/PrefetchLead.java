package dev.keysmith.runtime.internal;

/**
 * Where in a range the reservation of the next one starts: at the half, or earlier when the ids are taken so fast
 * against the store's reservation time that half a range would not last {@value #LEAD_RESERVATIONS} reservations
 * (then up to at the first id of the range). It learns the pace from how long the last range lasted, and the
 * reservation time from every reservation: a slower one is believed at once, a faster one only gradually, since a
 * reservation that ends after the range it refills is a caller waiting.
 *
 * <p>Pure arithmetic on the times it is given, so that it is tested without clocks.
 *
 * <p>Not thread-safe: confine to one thread (the allocator calls it under its lock).
 */
public final class PrefetchLead {

    /** How many reservation times' worth of ids the range should still hold when its successor is reserved. */
    public static final long LEAD_RESERVATIONS = 2;

    private static final long UNKNOWN = -1;

    private long installedAtNanos;
    private long rangeSize; // 0: no range installed yet
    private long nanosPerId = UNKNOWN;
    private long reserveNanos = UNKNOWN;

    /** A reservation took {@code nanos}. */
    public void reserved(long nanos) {
        long observed = Math.max(nanos, 1);
        reserveNanos = reserveNanos == UNKNOWN || observed >= reserveNanos ? observed
                : reserveNanos - (reserveNanos - observed) / 8;
    }

    /**
     * A range of {@code size} ids is installed at {@code nowNanos} (the previous one being used up): how many of its
     * ids are left when its successor is to be reserved, between {@code size / 2} and {@code size - 1}.
     */
    public long installed(long size, long nowNanos) {
        if (rangeSize > 0) {
            nanosPerId = Math.max(1, (nowNanos - installedAtNanos) / rangeSize);
        }
        installedAtNanos = nowNanos;
        rangeSize = size;
        long half = size / 2;
        if (nanosPerId == UNKNOWN || reserveNanos == UNKNOWN) {
            return half;
        }
        long idsDuringLead = LEAD_RESERVATIONS * reserveNanos / nanosPerId;
        return Math.max(half, Math.min(size - 1, idsDuringLead));
    }
}
