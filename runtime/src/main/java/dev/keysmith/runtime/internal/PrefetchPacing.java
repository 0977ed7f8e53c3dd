package dev.keysmith.runtime.internal;

import java.time.Duration;

/**
 * When the prefetch thread of a sequence allocator reserves the next range, and how long it parks between two
 * looks at the current one. Pure arithmetic on what the thread observed, so that it can be tested without
 * clocks.
 *
 * <p>The thread estimates how many nanoseconds pass between two ids from what it saw since its last look, and
 * from that how long until the current range is half used, or down to two reservations' worth of ids if the
 * store is that slow against the pace (the point where a reservation is due). It parks for
 * half of that time, clamped to [{@link #minPollNanos()}, {@link #maxPollNanos()}], so that the looks
 * grow denser as the half mark nears; it reserves as soon as the half mark is reached or is expected within
 * {@link #leadNanos()}.
 *
 * <p>Immutable.
 *
 * @param minPollNanos the shortest park
 * @param maxPollNanos the longest park (also how often an allocator that is in use but not consuming is looked at)
 * @param leadNanos how long before the expected half mark the reservation starts
 * @param idleNanos after how long without an id taken the prefetch thread ends
 */
public record PrefetchPacing(long minPollNanos, long maxPollNanos, long leadNanos, long idleNanos) {

    /** No estimate yet: nothing was observed. */
    public static final long UNKNOWN = -1;

    /** How many ids' worth of pause (at the estimated rate) count as a lull rather than a hiccup. */
    public static final long PAUSE_FACTOR = 16;

    /** How many reservations' worth of ids the current range should still hold when its successor is reserved. */
    public static final long RESERVE_MARGIN = 2;

    /** The pacing of production allocators: park 50 µs to 50 ms, reserve 200 µs early, end after 30 s idle. */
    public static final PrefetchPacing DEFAULT = new PrefetchPacing(Duration.ofNanos(50_000).toNanos(),
            Duration.ofMillis(50).toNanos(), Duration.ofNanos(200_000).toNanos(), Duration.ofSeconds(30).toNanos());

    public PrefetchPacing {
        if (minPollNanos <= 0 || maxPollNanos < minPollNanos || leadNanos < 0 || idleNanos <= 0) {
            throw new IllegalArgumentException("the pacing needs 0 < minPoll <= maxPoll, lead >= 0 and idle > 0, but was "
                    + this);
        }
    }

    /**
     * The new estimate of the nanoseconds between two ids, after {@code idsTaken} ids in {@code elapsedNanos}
     * since the last look, the last id having been seen {@code nanosSinceLastTake} ago.
     *
     * <p>A faster rate is believed at once (a late reservation costs a caller a wait); a slower one only
     * gradually, at most doubling the estimate per look (one id seen after a caller was descheduled for
     * milliseconds is no trend). A look that saw no id changes nothing unless the pause is long against the estimate (more than
     * {@value #PAUSE_FACTOR} ids' worth): a caller descheduled for a moment must not stretch the parks, but a real
     * lull doubles the estimate at each look, so that the looks thin out to {@link #maxPollNanos()} within a few
     * of them.
     */
    public static long nextEstimate(long previous, long elapsedNanos, long idsTaken, long nanosSinceLastTake) {
        if (idsTaken == 0) {
            if (previous == UNKNOWN) {
                return Math.max(nanosSinceLastTake, 1);
            }
            return nanosSinceLastTake > saturatedProduct(previous, PAUSE_FACTOR) ? saturatedProduct(previous, 2)
                    : previous;
        }
        long observed = Math.max(Math.max(elapsedNanos, 1) / idsTaken, 1);
        if (previous == UNKNOWN || observed <= previous) {
            return observed;
        }
        return Math.min(previous + (observed - previous) / 4, saturatedProduct(previous, 2));
    }

    /**
     * The new estimate of how long a reservation takes, after one took {@code observedNanos}. A slower one is
     * believed at once, a faster one only gradually: the estimate leans to the slow reservations, since a
     * reservation that ends after the range it refills is a caller waiting.
     */
    public static long nextReserveEstimate(long previous, long observedNanos) {
        long observed = Math.max(observedNanos, 1);
        if (previous == UNKNOWN || observed >= previous) {
            return observed;
        }
        return previous - (previous - observed) / 8;
    }

    /**
     * How many ids can still be taken before a reservation is due: before the current range is down to
     * {@link #idsToKeep its reserve}, or, when the next range is already reserved ({@code nextSize > 0}), before
     * that one is.
     */
    public static long idsBeforeDue(long remaining, long blockSize, long nextSize, long nanosPerId, long reserveNanos) {
        if (nextSize > 0) {
            return remaining + nextSize - idsToKeep(nextSize, nanosPerId, reserveNanos);
        }
        return Math.max(remaining - idsToKeep(blockSize, nanosPerId, reserveNanos), 0);
    }

    /**
     * How many ids of a range of {@code size} must still be left when its successor is reserved: half of them, or
     * more when the ids are taken so fast that half a range lasts less than {@value #RESERVE_MARGIN} reservations
     * (then up to the whole range: the reservation starts as soon as the range is installed).
     */
    public static long idsToKeep(long size, long nanosPerId, long reserveNanos) {
        long half = size / 2;
        if (nanosPerId == UNKNOWN || reserveNanos == UNKNOWN) {
            return half;
        }
        long margin = saturatedProduct(reserveNanos, RESERVE_MARGIN);
        long forMargin = margin / nanosPerId; // ids taken during the margin; one more is left when it ends
        return forMargin >= size ? size : Math.max(half, forMargin + 1);
    }

    /** Whether to reserve now, with {@code idsBeforeDue} ids left before the half mark. */
    public boolean reserveNow(long idsBeforeDue, long nanosPerId) {
        if (idsBeforeDue == 0) {
            return true;
        }
        return nanosPerId != UNKNOWN && saturatedProduct(idsBeforeDue, nanosPerId) <= leadNanos;
    }

    /**
     * How long to park before the next look, with {@code idsBeforeDue} ids left before a reservation is due: half
     * the expected time, so that a pace that doubles meanwhile is still caught in time, and the looks (each a
     * wake-up that may preempt a caller on a busy machine) stay few: about log2(time to the half mark / lead).
     */
    public long parkNanos(long idsBeforeDue, long nanosPerId) {
        if (nanosPerId == UNKNOWN) {
            return minPollNanos;
        }
        long untilDue = saturatedProduct(idsBeforeDue, nanosPerId);
        return Math.min(Math.max(untilDue / 2, minPollNanos), maxPollNanos);
    }

    private static long saturatedProduct(long a, long b) {
        long high = Math.multiplyHigh(a, b);
        long low = a * b;
        return high != 0 || low < 0 ? Long.MAX_VALUE : low;
    }
}
