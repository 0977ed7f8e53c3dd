package dev.keysmith.hibernate.internal;

import dev.keysmith.runtime.ResyncableCounterStore;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import org.hibernate.jdbc.AbstractReturningWork;
import org.hibernate.resource.transaction.spi.IsolationDelegate;

/**
 * The database sequences of one {@code @Sequence} seen as counters, for the resync and the start-up check (the
 * inserts themselves read them on the session's connection, {@link SessionSequenceStore}). A sequence that starts
 * with 1 and increments by the batch has handed out the offsets below {@code v - 1 + increment} once its
 * {@code nextval} returned {@code v}.
 *
 * <p>Reading a sequence is one {@code nextval}, on a connection of its own: portable, but it uses up one range of
 * ids (a gap, never a duplicate). Raising it never lowers it, also while other processes call {@code nextval}: the
 * increment is set to the distance left ({@code alter sequence ... increment by}), one {@code nextval} takes it, and
 * the increment is set back to the batch, in one transaction. On PostgreSQL {@code alter sequence} and {@code nextval}
 * block each other until it ends; where the {@code alter} commits at once (H2), a concurrent {@code nextval} in between
 * takes the larger step too (a gap, never a step back). The loop ends once the sequence is at or past the value asked
 * for.
 *
 * <p>Thread-safe.
 */
final class NativeCounterStore implements ResyncableCounterStore {

    private final IsolationDelegate isolation;
    private final Map<String, NativeSequences.Rendered> sequences;

    NativeCounterStore(IsolationDelegate isolation, Map<String, NativeSequences.Rendered> sequences) {
        this.isolation = isolation;
        this.sequences = sequences;
    }

    @Override
    public long reserve(String counter, long count) {
        NativeSequences.Rendered sequence = sequence(counter);
        if (count != sequence.increment()) {
            throw new IllegalStateException("sequence " + sequence.name() + " increments by " + sequence.increment()
                    + ", not " + count);
        }
        return work(connection -> nextval(connection, sequence) - 1);
    }

    @Override
    public long value(String counter) {
        NativeSequences.Rendered sequence = sequence(counter);
        return work(connection -> nextval(connection, sequence) - 1 + sequence.increment());
    }

    @Override
    public long raise(String counter, long atLeast) {
        NativeSequences.Rendered sequence = sequence(counter);
        return work(connection -> {
            while (true) {
                long value = nextval(connection, sequence) - 1 + sequence.increment();
                if (value >= atLeast) {
                    return value;
                }
                long step = Math.max(sequence.increment(), atLeast - value);
                alterIncrement(connection, sequence, step);
                try {
                    nextval(connection, sequence);
                } finally {
                    alterIncrement(connection, sequence, sequence.increment());
                }
            }
        });
    }

    private NativeSequences.Rendered sequence(String counter) {
        NativeSequences.Rendered sequence = sequences.get(counter);
        if (sequence == null) {
            throw new IllegalStateException("counter '" + counter + "' has no database sequence; the sequences are "
                    + sequences.keySet());
        }
        return sequence;
    }

    @FunctionalInterface
    private interface Work {
        long on(Connection connection) throws SQLException;
    }

    private long work(Work work) {
        return isolation.delegateWork(new AbstractReturningWork<Long>() {
            @Override
            public Long execute(Connection connection) throws SQLException {
                return work.on(connection);
            }
        }, true);
    }

    private static long nextval(Connection connection, NativeSequences.Rendered sequence) throws SQLException {
        try (PreparedStatement nextval = connection.prepareStatement(sequence.nextValSql());
                ResultSet row = nextval.executeQuery()) {
            if (!row.next()) {
                throw new SQLException("nextval of sequence " + sequence.name() + " returned no row");
            }
            return row.getLong(1);
        }
    }

    private static void alterIncrement(Connection connection, NativeSequences.Rendered sequence, long increment)
            throws SQLException {
        try (Statement alter = connection.createStatement()) {
            alter.execute("alter sequence " + sequence.name() + " increment by " + increment);
        }
    }
}
