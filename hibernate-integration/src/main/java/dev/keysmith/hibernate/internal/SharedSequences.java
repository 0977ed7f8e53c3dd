package dev.keysmith.hibernate.internal;

import dev.keysmith.runtime.SequenceAllocator;
import dev.keysmith.runtime.SequenceSpec;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import org.hibernate.SessionFactory;
import org.hibernate.SessionFactoryObserver;
import org.hibernate.engine.spi.SessionFactoryImplementor;
import org.hibernate.persister.entity.AbstractEntityPersister;

/**
 * The sequence allocators of one session factory, one per sequence name, all over one {@link JdbcCounterStore}.
 * Opened on first use (the store needs the factory's connections) and closed with the factory.
 *
 * <p>Thread-safe.
 */
final class SharedSequences {

    private final Map<String, SequenceAllocator> allocators = new ConcurrentHashMap<>();
    private final ReentrantLock lock = new ReentrantLock();
    private volatile JdbcCounterStore store;

    SequenceAllocator allocator(SequenceSpec spec, SessionFactoryImplementor factory) {
        SequenceAllocator allocator = allocators.get(spec.name());
        if (allocator != null) {
            return allocator;
        }
        lock.lock();
        try {
            return allocators.computeIfAbsent(spec.name(), name -> SequenceAllocator.open(spec, store(factory)));
        } finally {
            lock.unlock();
        }
    }

    private JdbcCounterStore store(SessionFactoryImplementor factory) {
        JdbcCounterStore existing = store;
        if (existing == null) {
            // The table's name as Hibernate renders it (default schema and catalog, quoting, naming strategy).
            AbstractEntityPersister table = (AbstractEntityPersister) factory.getMappingMetamodel()
                    .getEntityDescriptor(KeysmithSequenceRow.class);
            existing = JdbcCounterStore.of(factory.getServiceRegistry(), table.getRootTableName(),
                    table.getRootTableKeyColumnNames()[0], table.getPropertyColumnNames("nextValue")[0]);
            store = existing;
            factory.addObserver(new SessionFactoryObserver() {
                private static final long serialVersionUID = 1L;

                @Override
                public void sessionFactoryClosed(SessionFactory closed) {
                    closeAll();
                }
            });
        }
        return existing;
    }

    private void closeAll() {
        lock.lock();
        try {
            allocators.values().forEach(SequenceAllocator::close);
            allocators.clear();
        } finally {
            lock.unlock();
        }
    }
}
