package dev.keysmith.hibernate.internal;

import dev.keysmith.hibernate.KeysmithSequences;
import dev.keysmith.runtime.CounterStore;
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
 * <p>Thread-safe.
 */
final class JdbcCounterStore implements CounterStore {

    /** SQLSTATE class 23: integrity constraint violation (a duplicate {@code seq_name}). */
    private static final String INTEGRITY_VIOLATION_CLASS = "23";
    private static final int INSERT_RACE_ATTEMPTS = 10;

    private final IsolationDelegate isolation;
    private final SqlExceptionHelper sqlExceptions;
    private final String table;
    private final String updateSql;
    private final String selectSql;
    private final String insertSql;

    JdbcCounterStore(IsolationDelegate isolation, SqlExceptionHelper sqlExceptions, String qualifiedTable,
            String name, String value) {
        this.isolation = isolation;
        this.sqlExceptions = sqlExceptions;
        this.table = qualifiedTable;
        this.updateSql = "update " + qualifiedTable + " set " + value + " = " + value + " + ? where " + name + " = ?";
        this.selectSql = "select " + value + " from " + qualifiedTable + " where " + name + " = ?";
        this.insertSql = "insert into " + qualifiedTable + " (" + name + ", " + value + ") values (?, ?)";
    }

    /**
     * A store on the connections of the session factory whose services are {@code services}, in the table and
     * columns named as the factory renders them.
     */
    static JdbcCounterStore of(ServiceRegistry services, String qualifiedTable, String nameColumn,
            String valueColumn) {
        JdbcServices jdbc = services.getService(JdbcServices.class);
        JtaPlatform jta = services.getService(JtaPlatform.class);
        TransactionManager transactionManager = jta == null ? null : jta.retrieveTransactionManager();
        IsolationDelegate isolation = transactionManager == null
                ? new JdbcIsolationDelegate(jdbc.getBootstrapJdbcConnectionAccess(), jdbc.getSqlExceptionHelper())
                : new JtaIsolationDelegate(jdbc.getBootstrapJdbcConnectionAccess(), jdbc.getSqlExceptionHelper(),
                        transactionManager);
        return new JdbcCounterStore(isolation, jdbc.getSqlExceptionHelper(), qualifiedTable, nameColumn, valueColumn);
    }

    @Override
    public long reserve(String counter, long count) {
        if (count < 1) {
            throw new IllegalArgumentException("count must be at least 1, but was " + count);
        }
        try {
            return isolation.delegateWork(new AbstractReturningWork<Long>() {
                @Override
                public Long execute(Connection connection) throws SQLException {
                    return reserveOn(connection, counter, count);
                }
            }, true);
        } catch (HibernateException e) {
            throw explained(e, counter, count);
        }
    }

    /**
     * The failure with a message that names its real cause: no connection to be had (a pool too small for the
     * second connection a table reservation needs), or the SQL failed (a missing table, among others). A JDBC
     * failure keeps its type, so that Spring's translation still sees it.
     */
    private HibernateException explained(HibernateException e, String counter, long count) {
        String what = "[keysmith] reserving " + count + " values of counter '" + counter + "' in table " + table;
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

    private long reserveOn(Connection connection, String counter, long count) throws SQLException {
        for (int attempt = 1; ; attempt++) {
            if (increment(connection, counter, count)) {
                return readValue(connection, counter) - count;
            }
            try {
                insert(connection, counter, count);
                return 0;
            } catch (SQLException e) {
                String state = e.getSQLState();
                if (state == null || !state.startsWith(INTEGRITY_VIOLATION_CLASS) || attempt >= INSERT_RACE_ATTEMPTS) {
                    throw e;
                }
                // Another process inserted the row first; PostgreSQL has aborted this transaction, so start over.
                connection.rollback();
            }
        }
    }

    private boolean increment(Connection connection, String counter, long count) throws SQLException {
        try (PreparedStatement update = connection.prepareStatement(updateSql)) {
            update.setLong(1, count);
            update.setString(2, counter);
            return update.executeUpdate() == 1;
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
