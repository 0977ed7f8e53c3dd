package dev.keysmith.hibernate;

/**
 * The table where {@code @Sequence} counters live: one row per counter, {@code seq_name} the counter's name (the
 * sequence's name, or {@code name#i} for striped sequences) and {@code next_val} the offset of the next value no
 * process has reserved yet (a one-counter sequence's next range starts at {@code start + next_val}).
 *
 * <p>Hibernate's schema export creates it and schema validation checks it; for a schema managed by hand, the DDL is
 * in {@code docs/hibernate.md}:
 * <pre>
 * create table keysmith_sequences (seq_name varchar(255) not null, next_val bigint not null, primary key (seq_name))
 * </pre>
 *
 * <p>Immutable (constants only).
 */
public final class KeysmithSequences {

    /** The table's name. */
    public static final String TABLE = "keysmith_sequences";
    /** The primary-key column: the counter's name. */
    public static final String NAME_COLUMN = "seq_name";
    /** The counter's value: how many values were reserved so far. */
    public static final String VALUE_COLUMN = "next_val";

    private KeysmithSequences() {
    }
}
