package dev.keysmith.runtime.testing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keysmith.runtime.ResyncableCounterStore;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;

/**
 * What every {@link ResyncableCounterStore} must do besides {@link CounterStoreContract}: bounded reservations that
 * never write a counter past its limit, reads, and raises that never lower a counter, also while others reserve.
 *
 * <p>Not thread-safe: confine to one thread (JUnit makes one instance per test).
 */
public abstract class ResyncableCounterStoreContract extends CounterStoreContract {

    @Override
    protected abstract ResyncableCounterStore emptyStore();

    /** Sets counter {@code counter} to {@code value} behind the store's back, as a restore would. */
    protected abstract void setCounter(String counter, long value);

    @Test
    void aReservationNearTheLimitTakesWhatIsLeftAndNeverWritesPastIt() {
        ResyncableCounterStore store = emptyStore();
        setCounter("last", Long.MAX_VALUE - 5);

        assertThat(store.reserve("last", 10, Long.MAX_VALUE)).isEqualTo(Long.MAX_VALUE - 5);
        assertThat(store.value("last")).isEqualTo(Long.MAX_VALUE);
        assertThat(store.reserve("last", 10, Long.MAX_VALUE)).isEqualTo(Long.MAX_VALUE);
        assertThat(store.value("last")).isEqualTo(Long.MAX_VALUE);
    }

    @Test
    void aStripeIsNeverWrittenPastItsDigits() {
        ResyncableCounterStore store = emptyStore();

        assertThat(store.reserve("stripe#0", 7, 10)).isZero();
        assertThat(store.reserve("stripe#0", 7, 10)).isEqualTo(7);
        assertThat(store.value("stripe#0")).isEqualTo(10);
        assertThat(store.reserve("stripe#0", 7, 10)).isEqualTo(10);
        assertThat(store.value("stripe#0")).isEqualTo(10);
        assertThat(store.reserve("fresh", 50, 3)).isZero();
        assertThat(store.value("fresh")).isEqualTo(3);
    }

    @Test
    void raiseLiftsACounterAndNeverLowersIt() {
        ResyncableCounterStore store = emptyStore();

        assertThat(store.value("absent")).isZero();
        assertThat(store.raise("absent", 100)).isEqualTo(100);
        assertThat(store.reserve("absent", 10)).isEqualTo(100);
        assertThat(store.raise("absent", 50)).isEqualTo(110);
        assertThat(store.value("absent")).isEqualTo(110);
        assertThat(store.raise("absent", 110)).isEqualTo(110);
    }

    @Test
    void raisesWhileOthersReserveNeverHandOutAnOffsetTwice() throws Exception {
        ResyncableCounterStore store = emptyStore();
        Set<Long> offsets = ConcurrentHashMap.newKeySet();
        int reservations = 40;

        Concurrently.run(4, thread -> {
            for (int i = 0; i < reservations; i++) {
                if (thread == 3) {
                    store.raise("busy", store.value("busy") + 7);
                } else {
                    long start = store.reserve("busy", 5, Long.MAX_VALUE);
                    for (long offset = start; offset < start + 5; offset++) {
                        assertThat(offsets.add(offset)).as("offset %s handed out twice", offset).isTrue();
                    }
                }
            }
        });

        assertThat(offsets).hasSize(3 * reservations * 5);
        assertThat(store.value("busy")).isGreaterThanOrEqualTo(3L * reservations * 5);
    }
}
