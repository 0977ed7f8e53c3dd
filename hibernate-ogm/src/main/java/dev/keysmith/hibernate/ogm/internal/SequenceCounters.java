package dev.keysmith.hibernate.ogm.internal;

import dev.keysmith.runtime.CounterStore;
import dev.keysmith.runtime.SequenceAllocator;
import dev.keysmith.runtime.SequenceSpec;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.hibernate.boot.registry.StandardServiceInitiator;
import org.hibernate.ogm.datastore.mongodb.impl.MongoDBDatastoreProvider;
import org.hibernate.ogm.datastore.spi.DatastoreProvider;
import org.hibernate.service.Service;
import org.hibernate.service.spi.ServiceRegistryImplementor;
import org.hibernate.service.spi.Stoppable;

/**
 * The sequence allocators of one service registry (one per {@code EntityManagerFactory}): one allocator per sequence
 * name, shared by every entity that names it, all over one {@link MongoDatabaseCounterStore} on the collection
 * {@code keysmith_counters} of OGM's database. Opened on first use; stopped with the registry, which stops their
 * background prefetch.
 *
 * <p>Thread-safe.
 */
public final class SequenceCounters implements Service, Stoppable {

    static final StandardServiceInitiator<SequenceCounters> INITIATOR = new StandardServiceInitiator<>() {
        @Override
        public Class<SequenceCounters> getServiceInitiated() {
            return SequenceCounters.class;
        }

        @Override
        public SequenceCounters initiateService(@SuppressWarnings("rawtypes") Map settings,
                ServiceRegistryImplementor registry) {
            return new SequenceCounters(registry);
        }
    };

    private final ServiceRegistryImplementor registry;
    private final Map<String, SequenceAllocator> allocators = new ConcurrentHashMap<>();
    private volatile CounterStore store;

    private SequenceCounters(ServiceRegistryImplementor registry) {
        this.registry = registry;
    }

    /** The allocator of {@code spec}'s sequence, opened on first use. */
    SequenceAllocator allocator(SequenceSpec spec) {
        SequenceAllocator allocator = allocators.get(spec.name());
        return allocator != null ? allocator
                : allocators.computeIfAbsent(spec.name(), name -> SequenceAllocator.open(spec, store()));
    }

    private CounterStore store() {
        CounterStore current = store;
        if (current == null) {
            synchronized (this) {
                current = store;
                if (current == null) {
                    MongoDBDatastoreProvider mongo = (MongoDBDatastoreProvider) registry
                            .getService(DatastoreProvider.class);
                    current = MongoDatabaseCounterStore.create(mongo.getDatabase());
                    store = current;
                }
            }
        }
        return current;
    }

    @Override
    public void stop() {
        allocators.values().forEach(SequenceAllocator::close);
        allocators.clear();
    }
}
