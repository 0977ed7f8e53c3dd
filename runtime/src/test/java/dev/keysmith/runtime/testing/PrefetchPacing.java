package dev.keysmith.runtime.testing;

import dev.keysmith.runtime.SequenceAllocator;
import dev.keysmith.runtime.SequenceSnapshot;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Lets a test's caller keep pace with the background prefetch instead of outrunning it, so that what it asserts
 * about the prefetch does not depend on timing.
 *
 * <p>Thread-safe (stateless).
 */
public final class PrefetchPacing {

    private PrefetchPacing() {
    }

    /**
     * Returns once {@code allocator} can hand out an id without reserving: its current range has ids left, or the
     * next one is reserved (or it has not handed out any id yet). Waits with the allocator's lock free.
     */
    public static void awaitTheNextRangeWhenUsedUp(SequenceAllocator allocator) {
        SequenceSnapshot snapshot = allocator.snapshot();
        while (snapshot.idsHandedOut() > 0 && snapshot.idsLeftInRange() == 0 && snapshot.idsPrefetched() == 0) {
            LockSupport.parkNanos(TimeUnit.MICROSECONDS.toNanos(50));
            snapshot = allocator.snapshot();
        }
    }
}
