package dev.keysmith.runtime.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keysmith.runtime.internal.AllocatorState.Range;
import org.junit.jupiter.api.Test;

/** The range in hand's cut by a resync: through the id given exactly, never one id short (that id would be twice). */
class RangeTest {

    @Test
    void skipThroughCutsTheRangeExactlyThroughTheIdGiven() {
        Range range = Range.EMPTY.followedBy(11, 20);
        range.skipThrough(14);
        assertThat(range.take()).isEqualTo(15);
        range.skipThrough(10); // below the range
        assertThat(range.take()).isEqualTo(16);
        assertThat(range.left()).isEqualTo(4);
        range.skipThrough(25); // above it
        assertThat(range.take()).isEqualTo(Range.USED_UP);

        Range fromItsFirst = Range.EMPTY.followedBy(11, 20);
        fromItsFirst.skipThrough(11);
        assertThat(fromItsFirst.take()).isEqualTo(12);
        fromItsFirst.skipThrough(19);
        assertThat(fromItsFirst.take()).isEqualTo(20);
    }
}
