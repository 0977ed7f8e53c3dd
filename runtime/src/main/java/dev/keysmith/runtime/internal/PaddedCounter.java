package dev.keysmith.runtime.internal;

import java.util.concurrent.atomic.AtomicLongFieldUpdater;

/** 56 bytes that keep the counter off the cache line of whatever the JVM places before it. */
abstract class PaddedCounterLeft {
    long p01, p02, p03, p04, p05, p06, p07;
}

/** The counter itself, between two paddings (a subclass's fields are laid out after its superclass's). */
abstract class PaddedCounterValue extends PaddedCounterLeft {
    volatile long value;
}

/**
 * An atomic {@code long} alone on its cache line: what {@code ObjectIdGenerator} increments for every id. A plain
 * {@code AtomicLong} shares its line with its neighbours on the heap (after a garbage collection, typically the
 * generator whose fields every id reads), so two threads taking ids would pass that line back and forth twice per
 * id instead of once.
 *
 * <p>Thread-safe.
 */
public final class PaddedCounter extends PaddedCounterValue {

    private static final AtomicLongFieldUpdater<PaddedCounterValue> VALUE =
            AtomicLongFieldUpdater.newUpdater(PaddedCounterValue.class, "value");

    long q01, q02, q03, q04, q05, q06, q07;

    public PaddedCounter(long initial) {
        value = initial;
    }

    public long get() {
        return value;
    }

    public long incrementAndGet() {
        return VALUE.incrementAndGet(this);
    }

    public boolean compareAndSet(long expected, long next) {
        return VALUE.compareAndSet(this, expected, next);
    }
}
