package dev.keysmith.runtime.testing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keysmith.runtime.CounterStore;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;

/**
 * What every {@link CounterStore} must do; a store's test class extends this and says how to get a store over
 * empty counters. Used by the MongoDB and the SQL store tests (the runtime's test-jar).
 *
 * <p>Not thread-safe: confine to one thread (JUnit makes one instance per test).
 */
public abstract class CounterStoreContract {

    /** A store whose counters are all absent (a fresh collection or table); may be called more than once. */
    protected abstract CounterStore emptyStore();

    @Test
    void anAbsentCounterStartsAtZeroAndGrowsByTheCount() {
        CounterStore store = emptyStore();

        assertThat(store.reserve("orders", 50)).isZero();
        assertThat(store.reserve("orders", 50)).isEqualTo(50);
        assertThat(store.reserve("orders", 1)).isEqualTo(100);
        assertThat(store.reserve("orders", 7)).isEqualTo(101);
    }

    @Test
    void countersAreIndependent() {
        CounterStore store = emptyStore();

        store.reserve("a", 10);
        assertThat(store.reserve("b", 3)).isZero();
        assertThat(store.reserve("a#1", 3)).isZero();
        assertThat(store.reserve("a", 1)).isEqualTo(10);
    }

    @Test
    void threadsThatOverlapOnANewCounterGetDisjointReservations() throws Exception {
        CounterStore store = emptyStore();
        int threads = 8;
        int perThread = 25;
        Set<Long> offsets = ConcurrentHashMap.newKeySet();
        List<Long> starts = Collections.synchronizedList(new ArrayList<>());

        Concurrently.run(threads, index -> {
            for (int i = 0; i < perThread; i++) {
                long start = store.reserve("fresh", 3);
                starts.add(start);
                for (long offset = start; offset < start + 3; offset++) {
                    offsets.add(offset);
                }
            }
        });

        assertThat(offsets).hasSize(threads * perThread * 3);
        assertThat(starts).allMatch(start -> start % 3 == 0);
        assertThat(store.reserve("fresh", 1)).isEqualTo(threads * perThread * 3L);
    }
}
