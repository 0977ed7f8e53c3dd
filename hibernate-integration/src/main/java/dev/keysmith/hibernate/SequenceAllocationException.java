package dev.keysmith.hibernate;

import org.hibernate.HibernateException;

/**
 * Thrown by an insert when its {@code @Sequence} could not hand out an id for a reason other than a failed SQL
 * statement (those surface as the {@code JDBCException} Hibernate makes of them, with keysmith's message): the id
 * space of a sequence with {@code digits} (or an {@code int} id) is used up, or a table reservation could not get
 * its connection. The cause is keysmith-runtime's {@code IdSpaceExhaustedException} or
 * {@code IdAllocationException}. A {@link HibernateException}, so that JPA wraps it in a
 * {@code PersistenceException} and Spring translates it into a {@code DataAccessException}. Nothing was handed out
 * twice; after a failed reservation the next insert tries again.
 *
 * <p>Immutable.
 */
public final class SequenceAllocationException extends HibernateException {

    private static final long serialVersionUID = 1L;

    private final String sequence;

    public SequenceAllocationException(String sequence, String message, Throwable cause) {
        super(message.startsWith("[keysmith]") ? message : "[keysmith] " + message, cause);
        this.sequence = sequence;
    }

    /** The sequence's name. */
    public String sequence() {
        return sequence;
    }
}
