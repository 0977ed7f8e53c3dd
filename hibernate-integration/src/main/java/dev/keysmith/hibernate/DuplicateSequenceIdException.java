package dev.keysmith.hibernate;

import java.sql.SQLException;
import org.hibernate.exception.ConstraintViolationException;

/**
 * An insert met a row that already holds the id a keysmith {@code @Sequence} handed out: the sequence's counter
 * (its native sequence or its {@value KeysmithSequences#TABLE} row) is behind the table's data, after rows were
 * imported or restored with ids of the sequence, or a counter was reset. The message names the entity, the table,
 * the sequence, the id (when the database's message gives it) and the fix: {@link KeysmithSequences#resync}, or
 * {@value KeysmithSequences#COUNTER_CHECK_PROPERTY} {@code = resync} at start-up.
 *
 * <p>A {@link ConstraintViolationException} with the violated constraint and its kind as Hibernate read them, and
 * with the database's {@link SQLException}: code that catches Hibernate's exception (or JPA's
 * {@code PersistenceException}, Spring's {@code DataIntegrityViolationException}) catches this as before. Nothing was
 * written: the database refused the row, and the transaction is marked for rollback, as for any constraint
 * violation at flush. Only a violation of the primary key of a table whose id a keysmith {@code @Sequence} gives is
 * reported this way; every other constraint keeps Hibernate's exception. See
 * {@code docs/sequences-in-production.md}.
 *
 * <p>Immutable.
 */
public final class DuplicateSequenceIdException extends ConstraintViolationException {

    private static final long serialVersionUID = 1L;

    private final String entity;
    private final String table;
    private final String sequence;
    private final Long id;

    public DuplicateSequenceIdException(String message, SQLException cause, String sql, ConstraintKind kind,
            String constraintName, String entity, String table, String sequence, Long id) {
        super(message, cause, sql, kind, constraintName);
        this.entity = entity;
        this.table = table;
        this.sequence = sequence;
        this.id = id;
    }

    /** The name of the entity that was inserted. */
    public String entity() {
        return entity;
    }

    /** The table the row was inserted into, as Hibernate names it in SQL. */
    public String table() {
        return table;
    }

    /** The name of the {@code @Sequence} that handed out the id. */
    public String sequence() {
        return sequence;
    }

    /** The id that was already taken, or null when the database's message does not give it. */
    public Long id() {
        return id;
    }
}
