package dev.keysmith.hibernate.internal;

import dev.keysmith.hibernate.KeysmithSequences;
import dev.keysmith.runtime.CounterStore;
import dev.keysmith.runtime.ResyncableCounterStore;
import jakarta.transaction.TransactionManager;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import org.hibernate.HibernateException;
import org.hibernate.JDBCException;
import org.hibernate.exception.JDBCConnectionException;
import org.hibernate.engine.jdbc.spi.SqlExceptionHelper;
import org.hibernate.engine.jdbc.spi.JdbcServices;
import org.hibernate.engine.transaction.jta.platform.spi.JtaPlatform;
import org.hibernate.jdbc.AbstractReturningWork;
import org.hibernate.resource.transaction.backend.jdbc.internal.JdbcIsolationDelegate;
import org.hibernate.resource.transaction.backend.jta.internal.JtaIsolationDelegate;
import org.hibernate.resource.transaction.spi.IsolationDelegate;
import org.hibernate.service.ServiceRegistry;

/**
 * The {@link CounterStore} of Hibernate applications: one row per counter in {@link KeysmithSequences#TABLE}.
 *
 * <p>Every reservation runs in its own transaction on a connection of its own, obtained through Hibernate's
 * isolation delegate (which suspends a JTA transaction if there is one), and commits before {@link #reserve}
 * returns: the caller's transaction never sees the counter row, so its rollback cannot give a range back. The
 * reservation is an {@code update ... set next_val = next_val + ?} (which locks the row until commit) followed by
 * a {@code select} of the new value in the same transaction, atomic on every database with row locks. The first
 * reservation of a counter inserts its row; when two processes race to insert it, the loser's unique violation is
 * rolled back and it retries with the update.
 *
 * <p>A bounded reservation ({@link #reserve(String, long, long)}) carries its bound in the {@code update}'s
 * {@code where} ({@code next_val <= limit - count}), so no row is ever written past it; {@link #raise} is an
 * {@code update ... set next_val = ? where ... and next_val < ?}, which never lowers a counter.
 *
 * <p>Thread-safe.
 */
final class JdbcCounterStore implements ResyncableCounterStore {

    /** SQLSTATE class 23: integrity constraint violation (a duplicate {@code seq_name}). */
    private static final String INTEGRITY_VIOLATION_CLASS = "23";
    private static final int INSERT_RACE_ATTEMPTS = 10;

    private final IsolationDelegate isolation;
    private final SqlExceptionHelper sqlExceptions;
    private final String table;
    private final String selectSql;
    private final String insertSql;
    private final String boundedUpdateSql;
    private final String raiseSql;

    JdbcCounterStore(IsolationDelegate isolation, SqlExceptionHelper sqlExceptions, String qualifiedTable,
            String name, String value) {
        this.isolation = isolation;
        this.sqlExceptions = sqlExceptions;
        this.table = qualifiedTable;
        this.selectSql = "select " + value + " from " + qualifiedTable + " where " + name + " = ?";
        this.insertSql = "insert into " + qualifiedTable + " (" + name + ", " + value + ") values (?, ?)";
        this.boundedUpdateSql = "update " + qualifiedTable + " set " + value + " = " + value + " + ? where " + name
                + " = ? and " + value + " <= ?";
        this.raiseSql = "update " + qualifiedTable + " set " + value + " = ? where " + name + " = ? and " + value
                + " < ?";
    }

    /**
     * A store on the connections of the session factory whose services are {@code services}, in the table and
     * columns named as the factory renders them.
     */
    static JdbcCounterStore of(ServiceRegistry services, String qualifiedTable, String nameColumn,
            String valueColumn) {
        JdbcServices jdbc = services.getService(JdbcServices.class);
        return new JdbcCounterStore(isolation(services), jdbc.getSqlExceptionHelper(), qualifiedTable, nameColumn,
                valueColumn);
    }

    /**
     * Work on a connection of its own, in a transaction of its own (a JTA transaction of the caller's suspended), on
     * the connections of the session factory whose services are {@code services}.
     */
    static IsolationDelegate isolation(ServiceRegistry services) {
        JdbcServices jdbc = services.getService(JdbcServices.class);
        JtaPlatform jta = services.getService(JtaPlatform.class);
        TransactionManager transactionManager = jta == null ? null : jta.retrieveTransactionManager();
        return transactionManager == null
                ? new JdbcIsolationDelegate(jdbc.getBootstrapJdbcConnectionAccess(), jdbc.getSqlExceptionHelper())
                : new JtaIsolationDelegate(jdbc.getBootstrapJdbcConnectionAccess(), jdbc.getSqlExceptionHelper(),
                        transactionManager);
    }

    @Override
    public long reserve(String counter, long count) {
        return reserve(counter, count, Long.MAX_VALUE);
    }

    @Override
    public long reserve(String counter, long count, long limit) {
        if (count < 1) {
            throw new IllegalArgumentException("count must be at least 1, but was " + count);
        }
        return inTransaction(connection -> reserveOn(connection, counter, count, limit),
                "reserving " + count + " values of counter '" + counter + "'");
    }

    @Override
    public long value(String counter) {
        return inTransaction(connection -> {
            Long value = readValueIfAny(connection, counter);
            return value == null ? 0L : value;
        }, "reading counter '" + counter + "'");
    }

    @Override
    public long raise(String counter, long atLeast) {
        return inTransaction(connection -> raiseOn(connection, counter, atLeast),
                "raising counter '" + counter + "' to " + atLeast);
    }

    /** One unit of work on the store's own connection. */
    @FunctionalInterface
    private interface Work {
        long on(Connection connection) throws SQLException;
    }

    private long inTransaction(Work work, String what) {
        try {
            return isolation.delegateWork(new AbstractReturningWork<Long>() {
                @Override
                public Long execute(Connection connection) throws SQLException {
                    return work.on(connection);
                }
            }, true);
        } catch (HibernateException e) {
            throw explained(e, what);
        }
    }

    /**
     * The failure with a message that names its real cause: no connection to be had (a pool too small for the
     * second connection a table reservation needs), or the SQL failed (a missing table, among others). A JDBC
     * failure keeps its type, so that Spring's translation still sees it.
     */
    private HibernateException explained(HibernateException e, String action) {
        String what = "[keysmith] " + action + " in table " + table;
        if (causedBy(e, SQLTransientConnectionException.class)) {
            return new JDBCConnectionException(what + " needs a connection of its own (the table is written in a "
                    + "transaction of its own, beside the caller's) and the pool had none to give: " + rootMessage(e)
                    + ". The pool must hold more connections than the transactions that insert at once; on a "
                    + "database with sequences, native sequences (keysmith.sequence_store = native) need no second "
                    + "connection", causeOfType(e, SQLException.class));
        }
        if (causedBy(e, JDBCConnectionException.class)) {
            return new JDBCConnectionException(what + " could not connect to the database: " + rootMessage(e),
                    causeOfType(e, SQLException.class));
        }
        String message = what + " failed: " + rootMessage(e) + ". If the table does not exist, let schema "
                + "management create it (hibernate.hbm2ddl.auto or spring.jpa.hibernate.ddl-auto = create or update) "
                + "or create it with the DDL in the keysmith Hibernate guide";
        return e instanceof JDBCException jdbc && jdbc.getSQLException() != null
                ? sqlExceptions.convert(jdbc.getSQLException(), message, jdbc.getSQL())
                : new HibernateException(message, e);
    }

    private static boolean causedBy(Throwable e, Class<? extends Throwable> type) {
        return causeOfType(e, type) != null;
    }

    private static <T extends Throwable> T causeOfType(Throwable e, Class<T> type) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (type.isInstance(t)) {
                return type.cast(t);
            }
        }
        return null;
    }

    private static String rootMessage(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root.getMessage();
    }

    private long reserveOn(Connection connection, String counter, long count, long limit) throws SQLException {
        long take = Math.min(count, limit);
        for (int attempt = 1; ; attempt++) {
            if (increment(connection, counter, take, limit)) {
                return readValue(connection, counter) - take;
            }
            Long current = readValueIfAny(connection, counter);
            if (current != null) {
                // the row exists, too close to the limit for this reservation: take what is left, or nothing
                if (current >= limit) {
                    return current;
                }
                take = Math.min(take, limit - current);
                continue;
            }
            if (insertOrLoseRace(connection, counter, take, attempt)) {
                return 0;
            }
        }
    }

    private long raiseOn(Connection connection, String counter, long atLeast) throws SQLException {
        for (int attempt = 1; ; attempt++) {
            try (PreparedStatement raise = connection.prepareStatement(raiseSql)) {
                raise.setLong(1, atLeast);
                raise.setString(2, counter);
                raise.setLong(3, atLeast);
                raise.executeUpdate();
            }
            Long current = readValueIfAny(connection, counter);
            if (current != null) {
                return current;
            }
            if (insertOrLoseRace(connection, counter, atLeast, attempt)) {
                return atLeast;
            }
        }
    }

    /** Inserts the counter's row; false when another process inserted it first (the caller starts over). */
    private boolean insertOrLoseRace(Connection connection, String counter, long value, int attempt)
            throws SQLException {
        try {
            insert(connection, counter, value);
            return true;
        } catch (SQLException e) {
            String state = e.getSQLState();
            if (state == null || !state.startsWith(INTEGRITY_VIOLATION_CLASS) || attempt >= INSERT_RACE_ATTEMPTS) {
                throw e;
            }
            // Another process inserted the row first; PostgreSQL has aborted this transaction, so start over.
            connection.rollback();
            return false;
        }
    }

    private boolean increment(Connection connection, String counter, long count, long limit) throws SQLException {
        try (PreparedStatement update = connection.prepareStatement(boundedUpdateSql)) {
            update.setLong(1, count);
            update.setString(2, counter);
            update.setLong(3, limit - count);
            return update.executeUpdate() == 1;
        }
    }

    private Long readValueIfAny(Connection connection, String counter) throws SQLException {
        try (PreparedStatement select = connection.prepareStatement(selectSql)) {
            select.setString(1, counter);
            try (ResultSet row = select.executeQuery()) {
                return row.next() ? row.getLong(1) : null;
            }
        }
    }

    private long readValue(Connection connection, String counter) throws SQLException {
        try (PreparedStatement select = connection.prepareStatement(selectSql)) {
            select.setString(1, counter);
            try (ResultSet row = select.executeQuery()) {
                if (!row.next()) {
                    throw new SQLException("the row of counter '" + counter + "' in " + KeysmithSequences.TABLE
                            + " vanished inside the transaction that updated it");
                }
                return row.getLong(1);
            }
        }
    }

    private void insert(Connection connection, String counter, long count) throws SQLException {
        try (PreparedStatement insert = connection.prepareStatement(insertSql)) {
            insert.setString(1, counter);
            insert.setLong(2, count);
            insert.executeUpdate();
        }
    }
}
