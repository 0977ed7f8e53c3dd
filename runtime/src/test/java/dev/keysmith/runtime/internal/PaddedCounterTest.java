package dev.keysmith.runtime.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keysmith.runtime.testing.Concurrently;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;

class PaddedCounterTest {

    @Test
    void threadsThatOverlapEachGetDistinctValuesAndNoneIsLost() throws InterruptedException {
        PaddedCounter counter = new PaddedCounter(41);
        Set<Long> seen = ConcurrentHashMap.newKeySet();

        Concurrently.run(4, index -> {
            for (int i = 0; i < 25_000; i++) {
                assertThat(seen.add(counter.incrementAndGet())).isTrue();
            }
        });

        assertThat(counter.get()).isEqualTo(41 + 100_000);
        assertThat(seen).hasSize(100_000).contains(42L, 41L + 100_000);
    }

    @Test
    void compareAndSetMovesOnlyFromTheExpectedValue() {
        PaddedCounter counter = new PaddedCounter(7);

        assertThat(counter.compareAndSet(6, 100)).isFalse();
        assertThat(counter.get()).isEqualTo(7);
        assertThat(counter.compareAndSet(7, 100)).isTrue();
        assertThat(counter.get()).isEqualTo(100);
    }
}
