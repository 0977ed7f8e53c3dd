package dev.keysmith.runtime.internal;

/**
 * The state of a sequence's next range: nothing under way, a reservation in flight, a reserved range waiting to be
 * handed out, or the last reservation's failure (callers fail fast with it until {@code retryAtNanos}).
 *
 * <p>Immutable.
 */
public sealed interface NextRange {

    /** Nothing reserved and nothing under way. */
    NextRange NONE = new None();

    /**
     * A reservation in flight, on a caller's thread or the prefetch's: waiting callers and the prefetch's check treat
     * both alike, so the state does not say which.
     */
    NextRange RESERVING = new Reserving();

    /** Nothing reserved and nothing under way. */
    record None() implements NextRange {
    }

    /** A reservation in flight; callers that need a range wait for its outcome. */
    record Reserving() implements NextRange {
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
