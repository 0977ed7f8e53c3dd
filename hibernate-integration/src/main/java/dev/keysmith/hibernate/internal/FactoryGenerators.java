package dev.keysmith.hibernate.internal;

import dev.keysmith.runtime.CounterStore;
import dev.keysmith.runtime.IdGenerators;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.hibernate.SessionFactory;
import org.hibernate.SessionFactoryObserver;
import org.hibernate.engine.spi.SessionFactoryImplementor;
import org.hibernate.persister.entity.AbstractEntityPersister;

/**
 * One {@link IdGenerators} per session factory built from one model: the JVM-wide ObjectId generator, and one
 * sequence allocator per sequence name. Opened on first use and closed with the factory (which stops the
 * background prefetch of table sequences).
 *
 * <p>The factory's counter store is the {@code keysmith_sequences} table when the model has it (databases without
 * sequences, or {@value dev.keysmith.hibernate.KeysmithSequences#STORE_PROPERTY} = {@code table}); with native
 * sequences every reservation goes through the caller's session instead, so the factory-wide store refuses.
 *
 * <p>The allocators take the factory's {@link AllocatorSettings}.
 *
 * <p>Thread-safe.
 */
final class FactoryGenerators {

    private static final CounterStore SESSION_ONLY = (counter, count) -> {
        throw new IllegalStateException("counter '" + counter + "' is a database sequence, read with nextval on the "
                + "session's own connection; it has no store outside a session");
    };

    private final Map<SessionFactoryImplementor, IdGenerators> byFactory = new ConcurrentHashMap<>();
    private final AllocatorSettings settings;

    FactoryGenerators(AllocatorSettings settings) {
        this.settings = settings;
    }

    IdGenerators of(SessionFactoryImplementor factory) {
        IdGenerators generators = byFactory.get(factory);
        return generators != null ? generators : byFactory.computeIfAbsent(factory, this::open);
    }

    private IdGenerators open(SessionFactoryImplementor factory) {
        IdGenerators generators = settings.generators(store(factory));
        factory.addObserver(new SessionFactoryObserver() {
            private static final long serialVersionUID = 1L;

            @Override
            public void sessionFactoryClosed(SessionFactory closed) {
                byFactory.remove(factory);
                generators.close();
            }
        });
        return generators;
    }

    static CounterStore store(SessionFactoryImplementor factory) {
        if (!factory.getMappingMetamodel().isEntityClass(KeysmithSequenceRow.class)) {
            return SESSION_ONLY;
        }
        // The table's name as the factory renders it (default schema and catalog, quoting, naming strategy).
        AbstractEntityPersister table = (AbstractEntityPersister) factory.getMappingMetamodel()
                .getEntityDescriptor(KeysmithSequenceRow.class);
        return JdbcCounterStore.of(factory.getServiceRegistry(), table.getRootTableName(),
                table.getRootTableKeyColumnNames()[0], table.getPropertyColumnNames("nextValue")[0]);
    }
}
