package dev.keysmith.hibernate.internal;

import dev.keysmith.hibernate.KeysmithSequences;
import java.util.HashMap;
import java.util.Map;
import org.hibernate.boot.model.relational.QualifiedSequenceName;
import org.hibernate.dialect.Dialect;
import org.hibernate.dialect.sequence.SequenceSupport;
import org.hibernate.engine.spi.SessionFactoryImplementor;

/**
 * The database sequences of one {@code @Sequence}: for each of its counters, the sequence registered in the
 * model's schema (named by {@link KeysmithSequences#sequenceName}, starting with 1, incrementing by the batch), and
 * how one session factory renders it.
 *
 * <p>Immutable.
 *
 * @param byCounter the sequence of each counter name
 */
record NativeSequences(Map<String, Declared> byCounter) {

    NativeSequences {
        byCounter = Map.copyOf(byCounter);
    }

    /** One sequence as the model holds it. */
    record Declared(QualifiedSequenceName name, int increment) {
    }

    /**
     * One sequence as a session factory renders it: its qualified (and, where needed, quoted) name, the
     * {@code nextval} query of the dialect, and the DDL that creates it, for the error message of a missing one.
     */
    record Rendered(String name, int increment, String nextValSql, String createSql) {

        String failure(String cause) {
            return "[keysmith] nextval of sequence " + name + " failed: " + cause + ". If the sequence does not exist,"
                    + " let schema management create it (hibernate.hbm2ddl.auto or spring.jpa.hibernate.ddl-auto ="
                    + " create or update) or run: " + createSql;
        }
    }

    /** The sequences as {@code factory} renders them (default catalog and schema, quoting). */
    Map<String, Rendered> render(SessionFactoryImplementor factory) {
        Dialect dialect = factory.getJdbcServices().getDialect();
        SequenceSupport support = dialect.getSequenceSupport();
        Map<String, Rendered> rendered = new HashMap<>();
        byCounter.forEach((counter, declared) -> {
            String name = factory.getSqlStringGenerationContext().format(declared.name());
            rendered.put(counter, new Rendered(name, declared.increment(),
                    support.getSequenceNextValString(name),
                    String.join("; ", support.getCreateSequenceStrings(name, 1, declared.increment()))));
        });
        return Map.copyOf(rendered);
    }
}
