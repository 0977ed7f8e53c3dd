package dev.keysmith.hibernate.internal;

import dev.keysmith.hibernate.KeysmithSequences;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/**
 * The mapping of {@link KeysmithSequences#TABLE}, contributed to the user's model only so that schema export
 * creates the table and schema validation checks it. keysmith never loads or stores it through Hibernate: the
 * counter store writes the table with plain JDBC on a separate connection.
 *
 * <p>Not thread-safe: confine to one thread (never instantiated by keysmith).
 */
@Entity(name = "KeysmithSequenceRow")
@Table(name = KeysmithSequences.TABLE)
public class KeysmithSequenceRow {

    @Id
    @Column(name = KeysmithSequences.NAME_COLUMN, length = 255, nullable = false)
    private String name;

    @Column(name = KeysmithSequences.VALUE_COLUMN, nullable = false)
    private long nextValue;

    protected KeysmithSequenceRow() {
    }

    public String name() {
        return name;
    }

    public long nextValue() {
        return nextValue;
    }
}
