package dev.keysmith.hibernate.internal;

import dev.keysmith.hibernate.DuplicateSequenceIdException;
import dev.keysmith.hibernate.KeysmithSequences;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.hibernate.JDBCException;
import org.hibernate.engine.jdbc.spi.SqlExceptionHelper;
import org.hibernate.engine.spi.SessionFactoryImplementor;
import org.hibernate.exception.ConstraintViolationException;
import org.hibernate.exception.spi.SQLExceptionConverter;
import org.hibernate.persister.entity.AbstractEntityPersister;

/**
 * Turns the primary-key violation of an insert into a table whose id a keysmith {@code @Sequence} gives into
 * {@link DuplicateSequenceIdException}; every other exception is Hibernate's, untouched.
 *
 * <p>It wraps the converter of Hibernate's {@link SqlExceptionHelper} (the one of the factory's
 * {@code JdbcServices}, which every statement's failure goes through), set with
 * {@link SqlExceptionHelper#setSqlExceptionConverter}: Hibernate's converter (the dialect's delegates) converts
 * first, and only a {@link ConstraintViolationException} of an {@code insert into <table>} of such a table is looked
 * at. The violation is on the id when the database's message names the id column as the duplicate key (PostgreSQL:
 * {@code Key (id)=(7) already exists}; H2: {@code ... ON PUBLIC.T(ID) VALUES ...}), or, when it names no columns,
 * when the constraint is named as databases name primary keys ({@code <table>_pkey}, {@code PRIMARY},
 * {@code PRIMARY_KEY_n}). The id comes from the same message when it gives one.
 *
 * <p>Factories that share one service registry share the helper: the wrapper is installed once and holds the tables
 * of each factory, added when the factory is created and removed when it closes.
 *
 * <p>Thread-safe.
 */
final class SequenceIdViolations implements SQLExceptionConverter {

    private static final long serialVersionUID = 1L;

    private static final Pattern INSERT = Pattern.compile("^\\s*(?:/\\*.*?\\*/\\s*)*insert\\s+into\\s+([^\\s(]+)",
            Pattern.CASE_INSENSITIVE | Pattern.DOTALL);
    /** PostgreSQL's detail: {@code Key (id)=(7) already exists.} */
    private static final Pattern POSTGRES_KEY = Pattern.compile("Key \\(([^)]*)\\)=\\(([^)]*)\\) already exists");
    /**
     * H2's index (or primary key), its columns and the row: {@code "PUBLIC.CONSTRAINT_8 PRIMARY KEY ON PUBLIC.T(ID)
     * ( /* key:7 *&#47; 7, 'x')"}, {@code "PUBLIC.UK_X ON PUBLIC.T(CODE NULLS FIRST) VALUES ( /* 1 *&#47; 'x' )"}.
     */
    private static final Pattern H2_KEY = Pattern.compile(" ON [^\\s(]+\\(([^)]*)\\)(?:\\s*VALUES)?\\s*"
            + "(?:\\(\\s*(?:/\\*[^*]*\\*/\\s*)?(?:CAST\\()?'?(-?\\d+))?");
    private static final Pattern PRIMARY_KEY_NAME =
            Pattern.compile("(?i)(?:(?:^|\\.)(?:PRIMARY|PRIMARY_KEY_\\w+)|\\sPRIMARY KEY)$");

    private final SQLExceptionConverter hibernates;
    private final transient Map<SessionFactoryImplementor, Map<String, Sequenced>> factories =
            new ConcurrentHashMap<>();

    /** A table whose id a sequence gives: its entity, id column and sequence. */
    private record Sequenced(String entity, String entityClass, String table, String idColumn, String sequence) {
    }

    private SequenceIdViolations(SQLExceptionConverter hibernates) {
        this.hibernates = hibernates;
    }

    /** Adds the sequence-generated tables of {@code factory}, once it is built, installing the wrapper if needed. */
    static void install(SessionFactoryImplementor factory) {
        Map<String, Sequenced> tables = new HashMap<>();
        factory.getMappingMetamodel().forEachEntityDescriptor(persister -> {
            if (persister.getGenerator() instanceof SequenceIdGenerator generator
                    && persister instanceof AbstractEntityPersister entity) {
                Class<?> type = persister.getMappedClass();
                String table = entity.getRootTableName();
                tables.put(unquoted(table), new Sequenced(jpaName(factory, persister.getEntityName(), type),
                        type == null ? persister.getEntityName() : type.getSimpleName(), table,
                        entity.getRootTableKeyColumnNames()[0], generator.spec().name()));
            }
        });
        if (tables.isEmpty()) {
            return;
        }
        SqlExceptionHelper helper = factory.getJdbcServices().getSqlExceptionHelper();
        synchronized (helper) {
            SequenceIdViolations installed = helper.getSqlExceptionConverter() instanceof SequenceIdViolations mine
                    ? mine : new SequenceIdViolations(helper.getSqlExceptionConverter());
            installed.factories.put(factory, Map.copyOf(tables));
            helper.setSqlExceptionConverter(installed);
        }
    }

    /** The entity's name in JPA ({@code @Entity(name)}, else the simple class name), as users know it. */
    private static String jpaName(SessionFactoryImplementor factory, String entityName, Class<?> type) {
        try {
            return type == null ? entityName : factory.getMetamodel().entity(type).getName();
        } catch (IllegalArgumentException notAnEntityType) {
            return entityName;
        }
    }

    /** Forgets the tables of {@code factory}, which is closing. */
    static void uninstall(SessionFactoryImplementor factory) {
        SqlExceptionHelper helper = factory.getJdbcServices().getSqlExceptionHelper();
        synchronized (helper) {
            if (helper.getSqlExceptionConverter() instanceof SequenceIdViolations mine) {
                mine.factories.remove(factory);
            }
        }
    }

    @Override
    public JDBCException convert(SQLException sqlException, String message, String sql) {
        JDBCException converted = hibernates.convert(sqlException, message, sql);
        if (!(converted instanceof ConstraintViolationException violation)
                || converted instanceof DuplicateSequenceIdException || sql == null) {
            return converted;
        }
        Matcher insert = INSERT.matcher(sql);
        if (!insert.find()) {
            return converted;
        }
        String table = unquoted(insert.group(1));
        for (Map<String, Sequenced> tables : factories.values()) {
            Sequenced sequenced = tables.get(table);
            if (sequenced != null) {
                Key key = duplicateKey(sqlException, violation.getConstraintName(), sequenced);
                if (key != null) {
                    return new DuplicateSequenceIdException(message(sequenced, key.id(), message), sqlException, sql,
                            violation.getKind(), violation.getConstraintName(), sequenced.entity(), sequenced.table(),
                            sequenced.sequence(), key.id());
                }
            }
        }
        return converted;
    }

    /** A duplicate of the id column, with the id when the message gives it. */
    private record Key(Long id) {
    }

    /** The duplicate key, when it is the table's id; null when it is another constraint (or cannot be told). */
    private static Key duplicateKey(SQLException sqlException, String constraint, Sequenced sequenced) {
        String messages = messages(sqlException);
        for (Pattern named : List.of(POSTGRES_KEY, H2_KEY)) {
            Matcher key = named.matcher(messages);
            if (key.find()) {
                List<String> columns = new ArrayList<>();
                for (String column : key.group(1).split(",")) {
                    columns.add(unquoted(column.trim().split("\\s+")[0]));
                }
                return columns.equals(List.of(unquoted(sequenced.idColumn()))) ? new Key(number(key.group(2)))
                        : null;
            }
        }
        if (constraint != null && (PRIMARY_KEY_NAME.matcher(constraint).find()
                || unquoted(constraint).equals(lastPart(sequenced.table()) + "_pkey"))) {
            return new Key(null);
        }
        return null;
    }

    /** The messages of the exception, of the exceptions chained to it (a batch's) and of its causes. */
    private static String messages(SQLException sqlException) {
        StringBuilder messages = new StringBuilder();
        List<Throwable> seen = new ArrayList<>();
        List<Throwable> next = new ArrayList<>(List.of(sqlException));
        while (!next.isEmpty() && seen.size() < 10) {
            Throwable failure = next.remove(0);
            if (failure == null || seen.contains(failure)) {
                continue;
            }
            seen.add(failure);
            messages.append(failure.getMessage()).append('\n');
            next.add(failure.getCause());
            if (failure instanceof SQLException chained) {
                next.add(chained.getNextException());
            }
        }
        return messages.toString();
    }

    private static Long number(String text) {
        if (text == null) {
            return null;
        }
        try {
            return Long.valueOf(text.replace("'", "").trim());
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static String message(Sequenced sequenced, Long id, String hibernateMessage) {
        return "[keysmith] the id " + (id == null ? "" : id + " ") + "that @Sequence '" + sequenced.sequence()
                + "' gave entity " + sequenced.entity() + " is already taken in table " + sequenced.table()
                + ": the sequence's counter is behind the table's data (rows imported or restored with ids of the "
                + "sequence, or a counter reset). Nothing was written. Fix: KeysmithSequences.resync(sessionFactory, "
                + sequenced.entityClass() + ".class) brings the counter up to the data (never down), or set "
                + KeysmithSequences.COUNTER_CHECK_PROPERTY + " = resync to do it at start-up; see "
                + "docs/sequences-in-production.md. " + hibernateMessage;
    }

    /** An identifier without quotes, in lower case (databases compare unquoted names without case). */
    private static String unquoted(String identifier) {
        return identifier.replaceAll("[\"`\\[\\]]", "").toLowerCase(Locale.ROOT);
    }

    private static String lastPart(String table) {
        String[] parts = unquoted(table).split("\\.");
        return parts[parts.length - 1];
    }

    @Override
    public String toString() {
        return "keysmith's duplicate sequence id conversion over " + hibernates;
    }
}
