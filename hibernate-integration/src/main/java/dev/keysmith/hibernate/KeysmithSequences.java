package dev.keysmith.hibernate;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Where {@code @Sequence} counters live, and how they are named.
 *
 * <p><b>Native sequences</b> (the default on databases that have sequences: PostgreSQL, H2, Oracle, SQL Server,
 * MariaDB, DB2, ...): one database sequence per counter, named by {@link #sequenceName}, starting with 1 and
 * incrementing by the batch; a range is one {@code nextval} on the inserting session's own connection. Schema
 * management creates, updates and validates them like Hibernate's own sequences.
 *
 * <p><b>The table</b> {@value #TABLE} (databases without sequences, such as MySQL, or {@value #STORE_PROPERTY} =
 * {@code table}): one row per counter, {@code seq_name} the counter's name (the sequence's name, or {@code name#i}
 * for striped sequences) and {@code next_val} the offset of the next value no process has reserved yet (a
 * one-counter sequence's next range starts at {@code start + next_val}); a range is reserved on a second
 * connection, in a transaction of its own. The DDL for a schema managed by hand is in {@code docs/hibernate.md}:
 * <pre>
 * create table keysmith_sequences (next_val bigint not null, seq_name varchar(255) not null, primary key (seq_name))
 * </pre>
 *
 * <p>Immutable (constants and a pure function only).
 */
public final class KeysmithSequences {

    /**
     * The Hibernate setting that chooses the store: {@code native} (database sequences; the default where the
     * dialect has them) or {@code table} ({@value #TABLE}; the default, and the only choice, where it has none).
     */
    public static final String STORE_PROPERTY = "keysmith.sequence_store";
    /**
     * The Hibernate setting for the longest an insert waits for a range that another thread of the same session
     * factory is reserving (the allocator's {@code allocationTimeout}); 30 s by default. A duration: milliseconds
     * ({@code 5000}), a number with {@code ms}, {@code s} or {@code m} ({@code 5s}), or ISO-8601 ({@code PT5S});
     * it must be positive. A bad value fails the boot.
     */
    public static final String ALLOCATION_TIMEOUT_PROPERTY = "keysmith.allocation_timeout";
    /**
     * The Hibernate setting for how long inserts fail fast with a failed reservation's error before one of them
     * tries again (the allocator's {@code failureBackoff}); 1 s by default. A duration as for
     * {@link #ALLOCATION_TIMEOUT_PROPERTY}; {@code 0} retries at once. A bad value fails the boot.
     */
    public static final String FAILURE_BACKOFF_PROPERTY = "keysmith.failure_backoff";
    /** The prefix of every native sequence's name. */
    public static final String SEQUENCE_PREFIX = "keysmith_";
    /** The table's name. */
    public static final String TABLE = "keysmith_sequences";
    /** The primary-key column: the counter's name. */
    public static final String NAME_COLUMN = "seq_name";
    /** The counter's value: how many values were reserved so far. */
    public static final String VALUE_COLUMN = "next_val";

    private static final Pattern NOT_IN_NAME = Pattern.compile("[^a-z0-9_]");

    private KeysmithSequences() {
    }

    /**
     * The database sequence of counter {@code index} of the {@code @Sequence} named {@code sequence} with
     * {@code counters} counters: {@value #SEQUENCE_PREFIX} followed by the name in lower case with every character
     * other than an ASCII letter, digit or underscore replaced by {@code _}, and with more than one counter
     * {@code _index}. {@code Invoice} gives {@code keysmith_invoice}, {@code order-lines} gives
     * {@code keysmith_order_lines}; {@code @Sequence(name = "orders", counters = 3)} gives {@code keysmith_orders_0}
     * to {@code keysmith_orders_2}. Boot checks that the result fits the dialect's identifier length and that no two
     * counters get the same sequence.
     */
    public static String sequenceName(String sequence, int counters, int index) {
        String base = SEQUENCE_PREFIX + NOT_IN_NAME.matcher(sequence.toLowerCase(Locale.ROOT)).replaceAll("_");
        return counters == 1 ? base : base + "_" + index;
    }
}
