package dev.keysmith.hibernate.internal;

import dev.keysmith.runtime.CounterStore;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Map;
import org.hibernate.engine.spi.SharedSessionContractImplementor;

/**
 * A {@link CounterStore} over database sequences, read on the connection of one session: a reservation of
 * {@code count} values is one {@code nextval} of the counter's sequence, whose increment is {@code count}.
 * Sequences are not transactional, so the caller's rollback never gives a range back, and no second connection is
 * needed. Made for one call of the generator.
 *
 * <p>Not thread-safe: confine to one thread (the session's).
 */
final class SessionSequenceStore implements CounterStore {

    private final SharedSessionContractImplementor session;
    private final Map<String, NativeSequences.Rendered> sequences;
    private RuntimeException thrown;

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
        return session.doReturningWork(connection -> {
            try (PreparedStatement nextval = connection.prepareStatement(sequence.nextValSql());
                    ResultSet row = nextval.executeQuery()) {
                if (!row.next()) {
                    throw new SQLException("nextval of sequence " + sequence.name() + " returned no row");
                }
                return row.getLong(1) - 1;
            } catch (SQLException e) {
                thrown = session.getJdbcServices().getSqlExceptionHelper().convert(e,
                        sequence.failure(e.getMessage()), sequence.nextValSql());
                throw thrown;
            }
        });
    }

    /** Whether {@code failure} is the exception this store's own reservation threw. */
    boolean threw(RuntimeException failure) {
        return thrown == failure;
    }

    /** {@code failure} as Hibernate's converter types it (a {@code JDBCException}), with {@code message}; not logged. */
    RuntimeException convert(SQLException failure, String message, String sql) {
        return session.getJdbcServices().getSqlExceptionHelper().getSqlExceptionConverter().convert(failure, message,
                sql);
    }
}
