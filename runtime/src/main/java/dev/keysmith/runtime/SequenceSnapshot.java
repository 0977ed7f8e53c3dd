package dev.keysmith.runtime;

import java.time.Duration;

/**
 * What one sequence has done since its allocator was opened, read at one instant: export it as metrics
 * (counters and gauges) or judge health from {@link #failing()}.
 *
 * <pre>{@code
 * for (SequenceSnapshot s : keysmith.ids().sequenceSnapshots()) {
 *     registry.gauge("keysmith.sequence.ids.left", Tags.of("sequence", s.sequence()), s.idsLeftInRange());
 * }
 * }</pre>
 *
 * <p>Immutable.
 *
 * @param sequence the sequence's name
 * @param idsHandedOut how many ids {@code next()} returned
 * @param idsLeftInRange how many ids are left in the range being handed out
 * @param idsPrefetched how many ids the next range, already reserved, holds (0 when none is)
 * @param reservations how many reservations succeeded (ranges taken from the store)
 * @param reservationTime the total time of the successful reservations
 * @param maxReservationTime the longest successful reservation
 * @param failures how many reservations failed
 * @param waits how many calls of {@code next()} waited for a reservation made by another thread
 * @param failing whether the last reservation failed (callers fail fast until the back-off has passed)
 */
public record SequenceSnapshot(String sequence, long idsHandedOut, long idsLeftInRange, long idsPrefetched,
        long reservations, Duration reservationTime, Duration maxReservationTime, long failures, long waits,
        boolean failing) {

    /** The mean time of a successful reservation, {@link Duration#ZERO} before the first. */
    public Duration meanReservationTime() {
        return reservations == 0 ? Duration.ZERO : reservationTime.dividedBy(reservations);
    }
}
