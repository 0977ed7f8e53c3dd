package dev.keysmith.runtime.internal;

import java.util.concurrent.CompletableFuture;

/**
 * The state of a sequence's next range: nothing under way, a reservation in flight, a reserved range waiting to be
 * handed out, or the last reservation's failure (callers fail fast with it until {@code retryAtNanos}).
 *
 * <p>Immutable (a {@link Reserving}'s future completes once; its timer is thread-safe).
 */
public sealed interface NextRange {

    /** Nothing reserved and nothing under way. */
    NextRange NONE = new None();

    /** Nothing reserved and nothing under way. */
    record None() implements NextRange {
    }

    /**
     * A reservation in flight; callers that need a range wait for its outcome: {@code settled} completes (always
     * normally) once the outcome is in the state. Each reservation has its own instance: compare with {@code ==}.
     *
     * <p>On a caller's thread or the prefetch's: waiting callers and the prefetch's check treat both alike, so the
     * state does not say which.
     *
     * @param settled completes when the reservation's outcome is published
     * @param timer the non-blocking callers waiting for it, and their one allocation-timeout timer
     */
    record Reserving(CompletableFuture<Void> settled, ReservationTimer timer) implements NextRange {

        /** A new reservation, not yet settled. */
        public static Reserving start() {
            CompletableFuture<Void> settled = new CompletableFuture<>();
            return new Reserving(settled, new ReservationTimer(settled));
        }
    }

    /** A reserved range, not yet handed out. */
    record Ready(IdBlock block) implements NextRange {
    }

    /** The last reservation failed with {@code failure}; nobody tries again before {@code retryAtNanos}. */
    record Failed(IdAllocationFailure failure, long retryAtNanos) implements NextRange {

        /** Whether the back-off has not passed at {@code nowNanos}. */
        public boolean backingOff(long nowNanos) {
            return nowNanos - retryAtNanos < 0;
        }
    }

    /**
     * A failed reservation: the counter and the store's exception.
     *
     * @param counter the counter that was being reserved from
     * @param cause what the store threw
     * @param atNanos when it failed ({@code System.nanoTime()})
     */
    record IdAllocationFailure(String counter, Throwable cause, long atNanos) {
    }
}
