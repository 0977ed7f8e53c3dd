package dev.keysmith.hibernate.ogm.internal;

import dev.keysmith.mongodb.MongoCounterStore;
import dev.keysmith.runtime.IdGenerators;
import dev.keysmith.runtime.SequenceAllocator;
import dev.keysmith.runtime.SequenceSpec;
import java.util.Map;
import org.hibernate.boot.registry.StandardServiceInitiator;
import org.hibernate.ogm.datastore.mongodb.impl.MongoDBDatastoreProvider;
import org.hibernate.ogm.datastore.spi.DatastoreProvider;
import org.hibernate.service.Service;
import org.hibernate.service.spi.ServiceRegistryImplementor;
import org.hibernate.service.spi.Stoppable;

/**
 * The sequence allocators of one service registry (one per {@code EntityManagerFactory}): one {@link IdGenerators}
 * over keysmith-mongodb's {@link MongoCounterStore} on OGM's database (collection {@code keysmith_counters}, write
 * concern {@code majority}, never in OGM's session), which keeps one allocator per sequence name, shared by
 * every entity that names it. Opened on first use; closed with the registry, which stops the background prefetch.
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
    private volatile IdGenerators generators;

    private SequenceCounters(ServiceRegistryImplementor registry) {
        this.registry = registry;
    }

    /** The allocator of {@code spec}'s sequence, opened on first use. */
    SequenceAllocator allocator(SequenceSpec spec) {
        return generators().sequence(spec);
    }

    private IdGenerators generators() {
        IdGenerators current = generators;
        if (current == null) {
            // a plain lock: this runs once per factory and waits on nothing but a constructor
            synchronized (this) {
                current = generators;
                if (current == null) {
                    MongoDBDatastoreProvider mongo = (MongoDBDatastoreProvider) registry
                            .getService(DatastoreProvider.class);
                    current = IdGenerators.create(MongoCounterStore.create(mongo.getDatabase()));
                    generators = current;
                }
            }
        }
        return current;
    }

    @Override
    public void stop() {
        IdGenerators current = generators;
        if (current != null) {
            current.close();
        }
    }
}
