package dev.keysmith.runtime;

import dev.keysmith.runtime.testing.InMemoryCounterStore;
import dev.keysmith.runtime.testing.ResyncableCounterStoreContract;

class InMemoryCounterStoreTest extends ResyncableCounterStoreContract {

    private final InMemoryCounterStore store = new InMemoryCounterStore();

    @Override
    protected ResyncableCounterStore emptyStore() {
        return store;
    }

    @Override
    protected void setCounter(String counter, long value) {
        store.set(counter, value);
    }
}
