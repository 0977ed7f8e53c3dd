package dev.keysmith.runtime.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keysmith.runtime.internal.AllocatorState.Action;
import dev.keysmith.runtime.internal.AllocatorState.Closed;
import dev.keysmith.runtime.internal.AllocatorState.Exhausted;
import dev.keysmith.runtime.internal.AllocatorState.Failed;
import dev.keysmith.runtime.internal.AllocatorState.Next;
import dev.keysmith.runtime.internal.AllocatorState.None;
import dev.keysmith.runtime.internal.AllocatorState.Range;
import dev.keysmith.runtime.internal.AllocatorState.Ready;
import dev.keysmith.runtime.internal.AllocatorState.Reserving;
import dev.keysmith.runtime.internal.AllocatorState.Want;
import java.util.EnumMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The decision, as a table: every kind of next range, with and without ids in hand, for each way in. */
class AllocatorStateTest {

    private static final long NOW = 1_000;
    private static final Range IN_HAND = Range.EMPTY.followedBy(1, 10);
    private static final Range USED_UP = Range.EMPTY;

    @Test
    void withIdsInHandEveryCallerTakesOneAndThePrefetchLooksOnlyAtTheNextRange() {
        for (Next next : new Next[] {new None(), new Ready(11, 20), new Reserving(), failed(NOW - 1, NOW + 10),
                new Exhausted()}) {
            AllocatorState state = new AllocatorState(IN_HAND, next);
            assertThat(state.decide(Want.ID, NOW, false, 0)).as("%s", next).isEqualTo(Action.TAKE);
            assertThat(state.decide(Want.ID_NOW, NOW, false, 0)).as("%s", next).isEqualTo(Action.TAKE);
        }
        assertThat(new AllocatorState(IN_HAND, new None()).decide(Want.PREFETCH, NOW, false, 0))
                .isEqualTo(Action.RESERVE);
    }

    @Test
    void withTheRangeUsedUpTheNextRangeDecides() {
        assertThat(decisions(new None())).containsExactly(Action.RESERVE, Action.NOTHING, Action.RESERVE);
        assertThat(decisions(new Ready(11, 20))).containsExactly(Action.INSTALL, Action.INSTALL, Action.NOTHING);
        assertThat(decisions(new Reserving())).containsExactly(Action.WAIT, Action.NOTHING, Action.NOTHING);
        assertThat(decisions(new Exhausted())).containsExactly(Action.FAIL, Action.FAIL, Action.NOTHING);
        assertThat(decisions(new Closed())).containsExactly(Action.FAIL, Action.FAIL, Action.NOTHING);
        assertThat(new AllocatorState(IN_HAND, new Closed()).decide(Want.ID, NOW, false, 0))
                .as("closed wins over ids in hand").isEqualTo(Action.FAIL);
    }

    @Test
    void aFailureFailsFastDuringTheBackOffThenTheNextCallerReservesAlone() {
        assertThat(decisions(failed(NOW - 5, NOW + 1))).as("backing off")
                .containsExactly(Action.FAIL, Action.FAIL, Action.NOTHING);
        assertThat(decisions(failed(NOW - 5, NOW))).as("the back-off has passed")
                .containsExactly(Action.RESERVE, Action.NOTHING, Action.RESERVE);
    }

    @Test
    void aCallerThatWaitedForTheReservationThatFailedTakesItsFailureEvenAfterTheBackOff() {
        AllocatorState state = new AllocatorState(USED_UP, failed(NOW - 5, NOW - 1));

        assertThat(state.decide(Want.ID, NOW, true, NOW - 5)).as("waiting since it started").isEqualTo(Action.FAIL);
        assertThat(state.decide(Want.ID, NOW, true, NOW - 6)).isEqualTo(Action.FAIL);
        assertThat(state.decide(Want.ID, NOW, true, NOW - 4)).as("began waiting after it failed")
                .isEqualTo(Action.RESERVE);
        assertThat(state.decide(Want.ID, NOW, false, NOW - 6)).as("never waited").isEqualTo(Action.RESERVE);
    }

    private static Failed failed(long at, long retryAt) {
        return new Failed("counter", new IllegalStateException("down"), at, retryAt);
    }

    /** The decisions for ID, ID_NOW and PREFETCH with the range used up. */
    private static Action[] decisions(Next next) {
        Map<Want, Action> by = new EnumMap<>(Want.class);
        for (Want want : Want.values()) {
            by.put(want, new AllocatorState(USED_UP, next).decide(want, NOW, false, 0));
        }
        return new Action[] {by.get(Want.ID), by.get(Want.ID_NOW), by.get(Want.PREFETCH)};
    }
}
