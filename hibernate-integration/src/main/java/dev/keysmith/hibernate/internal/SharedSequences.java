package dev.keysmith.hibernate.internal;

import dev.keysmith.runtime.SequenceAllocator;
import dev.keysmith.runtime.SequenceSpec;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.hibernate.SessionFactory;
import org.hibernate.SessionFactoryObserver;
import org.hibernate.engine.spi.SessionFactoryImplementor;
import org.hibernate.persister.entity.AbstractEntityPersister;

/**
 * The sequence allocators of the session factories built from one model: per factory, one allocator per sequence
 * name, all over one {@link JdbcCounterStore} on that factory's connections. Opened on first use and closed with
 * the factory (which stops their background prefetch).
 *
 * <p>Thread-safe.
 */
final class SharedSequences {

    private final Map<SessionFactoryImplementor, FactorySequences> byFactory = new ConcurrentHashMap<>();

    SequenceAllocator allocator(SequenceSpec spec, SessionFactoryImplementor factory) {
        FactorySequences sequences = byFactory.get(factory);
        if (sequences == null) {
            sequences = byFactory.computeIfAbsent(factory, this::open);
        }
        return sequences.allocator(spec);
    }

    private FactorySequences open(SessionFactoryImplementor factory) {
        // The table's name as the factory renders it (default schema and catalog, quoting, naming strategy).
        AbstractEntityPersister table = (AbstractEntityPersister) factory.getMappingMetamodel()
                .getEntityDescriptor(KeysmithSequenceRow.class);
        JdbcCounterStore store = JdbcCounterStore.of(factory.getServiceRegistry(), table.getRootTableName(),
                table.getRootTableKeyColumnNames()[0], table.getPropertyColumnNames("nextValue")[0]);
        FactorySequences sequences = new FactorySequences(store);
        factory.addObserver(new SessionFactoryObserver() {
            private static final long serialVersionUID = 1L;

            @Override
            public void sessionFactoryClosed(SessionFactory closed) {
                byFactory.remove(factory);
                sequences.close();
            }
        });
        return sequences;
    }

    /** The allocators of one factory. */
    private record FactorySequences(JdbcCounterStore store, Map<String, SequenceAllocator> allocators) {

        FactorySequences(JdbcCounterStore store) {
            this(store, new ConcurrentHashMap<>());
        }

        SequenceAllocator allocator(SequenceSpec spec) {
            SequenceAllocator allocator = allocators.get(spec.name());
            return allocator != null ? allocator
                    : allocators.computeIfAbsent(spec.name(), name -> SequenceAllocator.open(spec, store));
        }

        void close() {
            allocators.values().forEach(SequenceAllocator::close);
            allocators.clear();
        }
    }
}
