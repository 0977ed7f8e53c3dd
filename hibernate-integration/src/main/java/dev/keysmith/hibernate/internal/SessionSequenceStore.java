package dev.keysmith.hibernate.internal;

import dev.keysmith.runtime.CounterStore;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Map;
import org.hibernate.JDBCException;
import org.hibernate.engine.jdbc.spi.JdbcCoordinator;
import org.hibernate.engine.spi.SharedSessionContractImplementor;

/**
 * A {@link CounterStore} over database sequences, read on the connection of one session: a reservation of
 * {@code count} values is one {@code nextval} of the counter's sequence, whose increment is {@code count}, run
 * through the session's {@code JdbcCoordinator} exactly as Hibernate's own sequence structure runs it.
 * Sequences are not transactional, so the caller's rollback never gives a range back, and no second connection is
 * needed. Made for one call of the generator.
 *
 * <p>Not thread-safe: confine to one thread (the session's).
 */
final class SessionSequenceStore implements CounterStore {

    private final SharedSessionContractImplementor session;
    private final Map<String, NativeSequences.Rendered> sequences;
    private JDBCException thrown;

    SessionSequenceStore(SharedSessionContractImplementor session, Map<String, NativeSequences.Rendered> sequences) {
        this.session = session;
        this.sequences = sequences;
    }

    /**
     * The offset of the first of {@code count} values: a sequence that starts with 1 and increments by
     * {@code count} returns 1, 1 + count, ..., so the offset is the value minus 1 (the counter before the addition).
     */
    @Override
    public long reserve(String counter, long count) {
        NativeSequences.Rendered sequence = sequences.get(counter);
        if (sequence == null || count != sequence.increment()) {
            throw new IllegalStateException("counter '" + counter + "' has no sequence that increments by " + count
                    + "; its sequence is " + sequence);
        }
        // Hibernate's own statement path, as its pooled sequence reads a sequence: show_sql, statistics and JDBC
        // events see the nextval, and a pending JDBC batch is executed first.
        JdbcCoordinator jdbc = session.getJdbcCoordinator();
        String sql = sequence.nextValSql();
        try {
            PreparedStatement nextval = jdbc.getStatementPreparer().prepareStatement(sql);
            try {
                ResultSet row = jdbc.getResultSetReturn().extract(nextval, sql);
                try {
                    if (!row.next()) {
                        throw new SQLException("nextval of sequence " + sequence.name() + " returned no row");
                    }
                    return row.getLong(1) - 1;
                } finally {
                    jdbc.getLogicalConnection().getResourceRegistry().release(row, nextval);
                }
            } finally {
                jdbc.getLogicalConnection().getResourceRegistry().release(nextval);
                jdbc.afterStatementExecution();
            }
        } catch (SQLException e) {
            thrown = session.getJdbcServices().getSqlExceptionHelper().convert(e, sequence.failure(e.getMessage()),
                    sql);
            throw thrown;
        } catch (JDBCException e) {
            if (e.getSQLException() == null) {
                throw e;
            }
            // Hibernate logged the SQL error already: only keysmith's message (sequence, DDL) is added
            SQLException cause = e.getSQLException();
            thrown = convert(cause, sequence.failure(cause.getMessage()), sql);
            throw thrown;
        }
    }

    /** Whether {@code failure} is the exception this store's own reservation threw. */
    boolean threw(RuntimeException failure) {
        return thrown == failure;
    }

    /** {@code failure} as Hibernate's converter types it (a {@code JDBCException}), with {@code message}; not logged. */
    JDBCException convert(SQLException failure, String message, String sql) {
        return session.getJdbcServices().getSqlExceptionHelper().getSqlExceptionConverter().convert(failure, message,
                sql);
    }
}
