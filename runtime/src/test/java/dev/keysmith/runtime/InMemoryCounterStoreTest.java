package dev.keysmith.runtime;

import dev.keysmith.runtime.testing.CounterStoreContract;
import dev.keysmith.runtime.testing.InMemoryCounterStore;

class InMemoryCounterStoreTest extends CounterStoreContract {

    @Override
    protected CounterStore emptyStore() {
        return new InMemoryCounterStore();
    }
}
