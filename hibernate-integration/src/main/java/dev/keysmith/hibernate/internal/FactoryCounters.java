package dev.keysmith.hibernate.internal;

import dev.keysmith.hibernate.KeysmithSequences;
import dev.keysmith.runtime.CounterBehindDataException;
import dev.keysmith.runtime.CounterCheck;
import dev.keysmith.runtime.CounterStatus;
import dev.keysmith.runtime.SequenceResync;
import java.lang.System.Logger.Level;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.hibernate.SessionFactory;
import org.hibernate.engine.spi.SessionFactoryImplementor;
import org.hibernate.jdbc.AbstractReturningWork;
import org.hibernate.persister.entity.AbstractEntityPersister;
import org.hibernate.resource.transaction.spi.IsolationDelegate;

/**
 * The {@code @Sequence} counters of one session factory next to their tables: the resync and the check behind
 * {@link KeysmithSequences#resync} and the start-up check. The data of a sequence is the id column of every entity
 * table that takes ids from it (several entities may share a sequence): the largest id in a part of the id space is
 * {@code select max(id) from table where id between ? and ?}, on the primary key's index. The counters are the
 * {@code keysmith_sequences} rows or the native sequences ({@link NativeCounterStore}: reading one costs a range).
 *
 * <p>Logging ({@link System.Logger} {@code dev.keysmith.hibernate.KeysmithSequences}): a warning for a counter behind
 * its data, an info line for each counter a resync raised.
 *
 * <p>Thread-safe (stateless).
 */
public final class FactoryCounters {

    private static final System.Logger LOGGER = System.getLogger(KeysmithSequences.class.getName());

    private FactoryCounters() {
    }

    /** One sequence of the factory: its generator and the tables (and id columns) of the entities that use it. */
    private record Sequenced(SequenceIdGenerator generator, Map<String, String> idColumnByTable) {
    }

    /** Resyncs the sequence of entity {@code entity}: see {@link KeysmithSequences#resync(SessionFactory, Class)}. */
    public static List<CounterStatus> resync(SessionFactory factory, Class<?> entity) {
        SessionFactoryImplementor implementor = factory.unwrap(SessionFactoryImplementor.class);
        String name = sequenceOf(implementor, entity);
        return resync(implementor, sequences(implementor).get(name), true);
    }

    /** Resyncs every keysmith sequence of the factory. */
    public static List<CounterStatus> resyncAll(SessionFactory factory) {
        SessionFactoryImplementor implementor = factory.unwrap(SessionFactoryImplementor.class);
        List<CounterStatus> statuses = new ArrayList<>();
        for (Sequenced sequenced : sequences(implementor).values()) {
            statuses.addAll(resync(implementor, sequenced, true));
        }
        return List.copyOf(statuses);
    }

    /** Every counter of every keysmith sequence of the factory next to its data, read without raising any. */
    public static List<CounterStatus> checkAll(SessionFactory factory) {
        SessionFactoryImplementor implementor = factory.unwrap(SessionFactoryImplementor.class);
        List<CounterStatus> statuses = new ArrayList<>();
        for (Sequenced sequenced : sequences(implementor).values()) {
            statuses.addAll(check(implementor, sequenced));
        }
        return List.copyOf(statuses);
    }

    /**
     * The start-up check of a factory that was just built (its schema created or validated): as
     * {@value KeysmithSequences#COUNTER_CHECK_PROPERTY} says; when it is not set ({@code set} false), {@code warn} for
     * the sequences in the table and nothing for native ones (reading a native sequence costs a range). A check that
     * cannot run (a table missing, say) is a warning unless the setting is {@code fail}.
     */
    static void atStart(SessionFactoryImplementor factory, CounterCheck check, boolean set) {
        List<Sequenced> checked = sequences(factory).values().stream()
                .filter(sequenced -> set || !sequenced.generator().isNative())
                .toList();
        if (check == CounterCheck.OFF || checked.isEmpty()) {
            return;
        }
        try {
            List<CounterStatus> statuses = new ArrayList<>();
            for (Sequenced sequenced : checked) {
                // at start-up no allocator is open yet, so none holds a range to cut (and opening one now would add an
                // observer to the factory while it notifies its observers)
                statuses.addAll(check == CounterCheck.RESYNC ? resync(factory, sequenced, false)
                        : check(factory, sequenced));
            }
            List<CounterStatus> behind = SequenceResync.behind(statuses);
            if (check == CounterCheck.RESYNC || behind.isEmpty()) {
                return;
            }
            CounterBehindDataException report = new CounterBehindDataException("the session factory's tables", behind,
                    "KeysmithSequences.resync(sessionFactory, <Entity>.class) or resyncAll(sessionFactory) brings "
                            + "the counters up to the data (never down), or set " + KeysmithSequences.COUNTER_CHECK_PROPERTY
                            + " = resync to do it at start-up; see docs/sequences-in-production.md");
            if (check == CounterCheck.FAIL) {
                throw report;
            }
            LOGGER.log(Level.WARNING, report.getMessage());
        } catch (CounterBehindDataException e) {
            throw e;
        } catch (RuntimeException e) {
            if (check == CounterCheck.FAIL) {
                throw e;
            }
            LOGGER.log(Level.WARNING, "[keysmith] the start-up check of the sequence counters could not run ("
                    + KeysmithSequences.COUNTER_CHECK_PROPERTY + " = " + check.name().toLowerCase(java.util.Locale.ROOT)
                    + "): " + e.getMessage(), e);
        }
    }

    private static List<CounterStatus> check(SessionFactoryImplementor factory, Sequenced sequenced) {
        return SequenceResync.check(sequenced.generator().spec(), sequenced.generator().counters(factory),
                largestIds(factory, sequenced));
    }

    private static List<CounterStatus> resync(SessionFactoryImplementor factory, Sequenced sequenced,
            boolean cutRanges) {
        SequenceIdGenerator generator = sequenced.generator();
        List<CounterStatus> statuses = SequenceResync.resync(generator.spec(), generator.counters(factory),
                largestIds(factory, sequenced), cutRanges ? generator.allocator(factory) : null);
        for (CounterStatus status : statuses) {
            if (status.counterAfter() != status.counterValue()) {
                LOGGER.log(Level.INFO, "[keysmith] resynced " + status + " (tables "
                        + sequenced.idColumnByTable().keySet() + ")");
            }
        }
        return statuses;
    }

    private static String sequenceOf(SessionFactoryImplementor factory, Class<?> entity) {
        if (!factory.getMappingMetamodel().isEntityClass(entity)) {
            throw new IllegalArgumentException(entity.getName() + " is not an entity of this session factory");
        }
        Object generator = factory.getMappingMetamodel().getEntityDescriptor(entity).getGenerator();
        if (!(generator instanceof SequenceIdGenerator sequence)) {
            throw new IllegalArgumentException(entity.getName() + " has no keysmith @Sequence id, so it has no counter"
                    + " to resync");
        }
        return sequence.spec().name();
    }

    /** The keysmith sequences of the factory, by name, with the tables whose ids they give. */
    private static Map<String, Sequenced> sequences(SessionFactoryImplementor factory) {
        Map<String, Sequenced> byName = new LinkedHashMap<>();
        factory.getMappingMetamodel().forEachEntityDescriptor(persister -> {
            if (persister.getGenerator() instanceof SequenceIdGenerator generator
                    && persister instanceof AbstractEntityPersister entity) {
                byName.computeIfAbsent(generator.spec().name(),
                        name -> new Sequenced(generator, new LinkedHashMap<>()))
                        .idColumnByTable().put(entity.getRootTableName(), entity.getRootTableKeyColumnNames()[0]);
            }
        });
        return byName;
    }

    /** The largest id of a part of the id space over every table of the sequence. */
    private static SequenceResync.LargestIds largestIds(SessionFactoryImplementor factory, Sequenced sequenced) {
        IsolationDelegate isolation = JdbcCounterStore.isolation(factory.getServiceRegistry());
        return (first, last) -> isolation.delegateWork(new AbstractReturningWork<OptionalLong>() {
            @Override
            public OptionalLong execute(Connection connection) throws SQLException {
                OptionalLong largest = OptionalLong.empty();
                for (Map.Entry<String, String> table : sequenced.idColumnByTable().entrySet()) {
                    String sql = "select max(" + table.getValue() + ") from " + table.getKey() + " where "
                            + table.getValue() + " >= ? and " + table.getValue() + " <= ?";
                    try (PreparedStatement select = connection.prepareStatement(sql)) {
                        select.setLong(1, first);
                        select.setLong(2, last);
                        try (ResultSet row = select.executeQuery()) {
                            if (row.next()) {
                                long value = row.getLong(1);
                                if (!row.wasNull() && (largest.isEmpty() || value > largest.getAsLong())) {
                                    largest = OptionalLong.of(value);
                                }
                            }
                        }
                    }
                }
                return largest;
            }
        }, false);
    }
}
