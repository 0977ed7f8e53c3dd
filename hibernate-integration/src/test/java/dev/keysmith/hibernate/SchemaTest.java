package dev.keysmith.hibernate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keysmith.annotations.Sequence;
import dev.keysmith.annotations.UuidId;
import jakarta.persistence.Entity;
import jakarta.persistence.EntityManager;
import jakarta.persistence.Id;
import java.sql.Connection;
import java.sql.Statement;
import java.util.List;
import java.util.UUID;
import org.hibernate.JDBCException;
import org.hibernate.SessionFactory;
import org.hibernate.exception.SQLGrammarException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Schema management sees what {@code @Sequence} needs: export creates the native sequences (or the
 * {@code keysmith_sequences} table), validation accepts them and reports them missing at boot, a missing one at
 * run time (no validation) is reported at first use with the DDL to run, and the DDL the guide gives for
 * hand-managed schemas (Flyway, Liquibase) is what validation accepts.
 */
class SchemaTest {

    @Entity(name = "Invoice")
    public static class Invoice {
        @Id @Sequence Long number;
    }

    @Entity(name = "Shard")
    public static class Shard {
        @Id @Sequence(name = "shards", batch = 20, counters = 3, digits = 9) Long id;
    }

    @Entity(name = "Visit")
    public static class Visit {
        @Id @UuidId UUID id;
    }

    // Native sequences (the default on H2 and PostgreSQL).

    @ParameterizedTest(name = "{0}")
    @EnumSource(TestDatabase.class)
    void createMakesOneSequencePerCounterAndValidateAcceptsThem(TestDatabase database) throws Exception {
        TestDatabase.Target target = database.target();
        try (SessionFactory created = target.create(List.of(Invoice.class, Shard.class))) {
            assertThat(created).isNotNull();
        }
        try (Connection connection = target.connect()) {
            for (String sequence : List.of("keysmith_invoice", "keysmith_shards_0", "keysmith_shards_1",
                    "keysmith_shards_2")) {
                assertThat(sequenceExists(connection, sequence)).as("sequence %s", sequence).isTrue();
            }
            assertThat(tableExists(connection, "keysmith_sequences")).as("no table with native sequences").isFalse();
        }
        try (SessionFactory validated = target.build(List.of(Invoice.class, Shard.class), "validate")) {
            assertThat(validated.isOpen()).isTrue();
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(TestDatabase.class)
    void validateReportsAMissingSequenceAtBoot(TestDatabase database) throws Exception {
        TestDatabase.Target target = database.target();
        try (SessionFactory created = target.create(List.of(Invoice.class));
                Connection connection = target.connect(); Statement statement = connection.createStatement()) {
            statement.execute("drop sequence keysmith_invoice");
        }
        assertThatThrownBy(() -> target.build(List.of(Invoice.class), "validate"))
                .hasStackTraceContaining("keysmith_invoice");
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(TestDatabase.class)
    void updateCreatesAMissingSequence(TestDatabase database) throws Exception {
        TestDatabase.Target target = database.target();
        try (SessionFactory created = target.create(List.of(Invoice.class));
                Connection connection = target.connect(); Statement statement = connection.createStatement()) {
            statement.execute("drop sequence keysmith_invoice");
        }
        try (SessionFactory updated = target.build(List.of(Invoice.class), "update")) {
            assertThat(persist(updated, new Invoice()).number).isEqualTo(1L);
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(TestDatabase.class)
    void aMissingSequenceAtRunTimeIsAJdbcExceptionWithTheDdl(TestDatabase database) throws Exception {
        TestDatabase.Target target = database.target();
        try (SessionFactory factory = target.create(List.of(Invoice.class))) {
            try (Connection connection = target.connect(); Statement statement = connection.createStatement()) {
                statement.execute("drop sequence keysmith_invoice");
            }
            try (EntityManager em = factory.createEntityManager()) {
                em.getTransaction().begin();
                assertThatThrownBy(() -> em.persist(new Invoice()))
                        .isInstanceOf(SQLGrammarException.class)
                        .hasMessageContaining("nextval of sequence keysmith_invoice failed")
                        .hasMessageContaining("create sequence keysmith_invoice start with 1 increment by 50");
                em.getTransaction().rollback();
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(TestDatabase.class)
    void theDocumentedSequenceDdlPassesValidation(TestDatabase database) throws Exception {
        TestDatabase.Target target = database.target();
        try (SessionFactory created = target.create(List.of(Invoice.class, Shard.class));
                Connection connection = target.connect(); Statement statement = connection.createStatement()) {
            for (String sequence : List.of("keysmith_invoice", "keysmith_shards_0", "keysmith_shards_1",
                    "keysmith_shards_2")) {
                statement.execute("drop sequence " + sequence);
            }
            statement.execute("create sequence keysmith_invoice start with 1 increment by 50");
            for (int i = 0; i < 3; i++) {
                statement.execute("create sequence keysmith_shards_" + i + " start with 1 increment by 20");
            }
        }
        try (SessionFactory validated = target.build(List.of(Invoice.class, Shard.class), "validate")) {
            assertThat(persist(validated, new Invoice()).number).isEqualTo(1L);
        }
    }

    // The table store.

    @ParameterizedTest(name = "{0}")
    @EnumSource(TestDatabase.class)
    void createMakesTheTableAndValidateAcceptsIt(TestDatabase database) {
        TestDatabase.Target target = database.target().withTableStore();
        try (SessionFactory created = target.create(List.of(Invoice.class))) {
            assertThat(created).isNotNull();
        }
        try (SessionFactory validated = target.build(List.of(Invoice.class), "validate")) {
            assertThat(validated.isOpen()).isTrue();
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(TestDatabase.class)
    void validateAcceptsTheColumnsKeysmithMapsForEveryStrategy(TestDatabase database) {
        for (TestDatabase.Target target : List.of(database.target(), database.target().withTableStore())) {
            try (SessionFactory created = target.create(Entities.ALL);
                    SessionFactory validated = target.build(Entities.ALL, "validate")) {
                assertThat(validated.isOpen()).isTrue();
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(TestDatabase.class)
    void validateReportsAMissingTable(TestDatabase database) throws Exception {
        TestDatabase.Target target = database.target().withTableStore();
        try (SessionFactory created = target.create(List.of(Invoice.class));
                Connection connection = target.connect(); Statement statement = connection.createStatement()) {
            statement.execute("drop table keysmith_sequences");
        }
        assertThatThrownBy(() -> target.build(List.of(Invoice.class), "validate"))
                .hasStackTraceContaining("missing table [keysmith_sequences]");
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(TestDatabase.class)
    void aMissingTableAtRunTimeIsAJdbcExceptionWithTheDdl(TestDatabase database) throws Exception {
        TestDatabase.Target target = database.target().withTableStore();
        try (SessionFactory factory = target.create(List.of(Invoice.class))) {
            try (Connection connection = target.connect(); Statement statement = connection.createStatement()) {
                statement.execute("drop table keysmith_sequences");
            }
            try (EntityManager em = factory.createEntityManager()) {
                em.getTransaction().begin();
                assertThatThrownBy(() -> em.persist(new Invoice()))
                        .isInstanceOf(JDBCException.class)
                        .hasMessageContaining("counter 'Invoice' in table keysmith_sequences failed")
                        .hasMessageContaining("DDL");
                em.getTransaction().rollback();
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(TestDatabase.class)
    void theDocumentedTableDdlPassesValidation(TestDatabase database) throws Exception {
        TestDatabase.Target target = database.target().withTableStore();
        try (SessionFactory created = target.create(List.of(Invoice.class));
                Connection connection = target.connect(); Statement statement = connection.createStatement()) {
            statement.execute("drop table keysmith_sequences");
            statement.execute(KeysmithSequencesDdl.DDL);
        }
        try (SessionFactory validated = target.build(List.of(Invoice.class), "validate")) {
            assertThat(validated.isOpen()).isTrue();
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(TestDatabase.class)
    void withoutSequencesThereIsNoTable(TestDatabase database) throws Exception {
        TestDatabase.Target target = database.target().withTableStore();
        try (SessionFactory created = target.create(List.of(Visit.class));
                Connection connection = target.connect(); Statement statement = connection.createStatement()) {
            statement.execute("drop table if exists keysmith_sequences");
        }
        try (SessionFactory validated = target.build(List.of(Visit.class), "validate")) {
            assertThat(validated.isOpen()).as("validation does not ask for keysmith_sequences").isTrue();
        }
    }

    private static <T> T persist(SessionFactory factory, T entity) {
        try (EntityManager em = factory.createEntityManager()) {
            em.getTransaction().begin();
            em.persist(entity);
            em.getTransaction().commit();
        }
        return entity;
    }

    private static boolean sequenceExists(Connection connection, String name) throws Exception {
        return SequenceTableTest.count(connection, "select count(*) from information_schema.sequences where "
                + "lower(sequence_name) = '" + name + "'") == 1;
    }

    private static boolean tableExists(Connection connection, String name) throws Exception {
        return SequenceTableTest.count(connection, "select count(*) from information_schema.tables where "
                + "lower(table_name) = '" + name + "'") > 0;
    }
}
