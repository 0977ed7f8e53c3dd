package dev.keysmith.hibernate;

import dev.keysmith.hibernate.internal.FactoryCounters;
import dev.keysmith.runtime.CounterStatus;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import org.hibernate.SessionFactory;

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
 * <p><b>Counters behind the data</b> (rows imported or restored with ids of a sequence): {@link #resync} brings a
 * sequence's counters up to the largest id of its tables, never down, as the schema manager of
 * Hibernate 7.2 and later resynchronizes Hibernate's own sequences and tables; every factory checks its counters at
 * start-up ({@value #COUNTER_CHECK_PROPERTY}). See {@code docs/sequences-in-production.md}.
 *
 * <p>Immutable (constants and static functions only).
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
    /**
     * The Hibernate setting for the most batches one reservation of the {@value #TABLE} table's prefetch may take
     * (the allocator's {@code prefetchBatches}); 16 by default, {@code 1} for exactly one batch per reservation. A
     * sequence used so fast that one batch lasts less than about 8 ms reserves several batches at once, so that the
     * next range is reserved well before it is needed; the price is larger gaps when a factory closes. Native
     * sequences always increment by one batch. A whole number of at least 1; a bad value fails the boot.
     */
    public static final String PREFETCH_BATCHES_PROPERTY = "keysmith.prefetch_batches";
    /**
     * The Hibernate setting for what a session factory does at start-up, after schema management, with a
     * {@code @Sequence} whose counter is behind the largest id of its table: {@code warn} (a log warning naming the
     * sequence, the counter, the largest id and the fix), {@code fail} (the boot fails with
     * {@link dev.keysmith.runtime.CounterBehindDataException}), {@code resync} ({@link #resyncAll}) or {@code off}.
     * Unset, the sequences in the {@value #TABLE} table are checked with {@code warn} (a {@code select} per counter)
     * and native sequences are not checked: reading one takes a {@code nextval}, a gap of one batch per counter and
     * start, which a setting accepts explicitly.
     */
    public static final String COUNTER_CHECK_PROPERTY = "keysmith.counter_check";
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
     * Brings the counter(s) of the {@code @Sequence} of entity {@code entity} up to the data of every table that
     * takes ids from that sequence, never down: each counter (each stripe of a striped sequence, with its digits and
     * start) to the largest id in its part of the id space; the {@value #TABLE} row with a guarded {@code update},
     * a native sequence by {@code nextval} with a larger increment (a gap, never a step back). The ranges this
     * factory holds below the data are dropped. Safe while other processes insert.
     *
     * <pre>{@code
     * KeysmithSequences.resync(entityManagerFactory.unwrap(SessionFactory.class), Invoice.class);
     * }</pre>
     *
     * @return each counter as it was and as it is now
     * @throws IllegalArgumentException if {@code entity} is not an entity of the factory with a keysmith
     *     {@code @Sequence} id
     */
    public static List<CounterStatus> resync(SessionFactory factory, Class<?> entity) {
        return FactoryCounters.resync(factory, entity);
    }

    /** {@link #resync} for every keysmith {@code @Sequence} of the factory. */
    public static List<CounterStatus> resyncAll(SessionFactory factory) {
        return FactoryCounters.resyncAll(factory);
    }

    /**
     * Every counter of every keysmith {@code @Sequence} of the factory next to its data, without raising any
     * ({@link CounterStatus#behind()}); a native sequence is read with one {@code nextval} (a gap of one batch).
     */
    public static List<CounterStatus> check(SessionFactory factory) {
        return FactoryCounters.checkAll(factory);
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
