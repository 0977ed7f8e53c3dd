package dev.keysmith.hibernate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keysmith.annotations.Sequence;
import dev.keysmith.annotations.UuidId;
import dev.keysmith.runtime.IdAllocationException;
import jakarta.persistence.Entity;
import jakarta.persistence.EntityManager;
import jakarta.persistence.Id;
import java.sql.Connection;
import java.sql.Statement;
import java.util.List;
import java.util.UUID;
import org.hibernate.SessionFactory;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Done-when 5: schema export creates {@code keysmith_sequences}, validation accepts it (and misses it when it is
 * not there), and the DDL the guide gives for hand-managed schemas is what validation accepts.
 */
class SchemaTest {

    @Entity(name = "Invoice")
    public static class Invoice {
        @Id @Sequence Long number;
    }

    @Entity(name = "Visit")
    public static class Visit {
        @Id @UuidId UUID id;
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(TestDatabase.class)
    void createMakesTheTableAndValidateAcceptsIt(TestDatabase database) {
        TestDatabase.Target target = database.target();
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
        TestDatabase.Target target = database.target();
        try (SessionFactory created = target.create(Entities.ALL);
                SessionFactory validated = target.build(Entities.ALL, "validate")) {
            assertThat(validated.isOpen()).isTrue();
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(TestDatabase.class)
    void validateReportsAMissingTable(TestDatabase database) throws Exception {
        TestDatabase.Target target = database.target();
        try (SessionFactory created = target.create(List.of(Invoice.class));
                Connection connection = target.connect(); Statement statement = connection.createStatement()) {
            statement.execute("drop table keysmith_sequences");
        }
        assertThatThrownBy(() -> target.build(List.of(Invoice.class), "validate"))
                .hasStackTraceContaining("missing table [keysmith_sequences]");
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(TestDatabase.class)
    void aMissingTableAtRunTimeGivesAClearError(TestDatabase database) throws Exception {
        TestDatabase.Target target = database.target();
        try (SessionFactory factory = target.create(List.of(Invoice.class))) {
            try (Connection connection = target.connect(); Statement statement = connection.createStatement()) {
                statement.execute("drop table keysmith_sequences");
            }
            try (EntityManager em = factory.createEntityManager()) {
                em.getTransaction().begin();
                assertThatThrownBy(() -> em.persist(new Invoice()))
                        .isInstanceOf(IdAllocationException.class)
                        .hasMessageContaining("sequence 'Invoice'")
                        .hasMessageContaining("in table keysmith_sequences failed")
                        .hasMessageContaining("DDL");
                em.getTransaction().rollback();
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(TestDatabase.class)
    void theDocumentedDdlPassesValidation(TestDatabase database) throws Exception {
        TestDatabase.Target target = database.target();
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
        TestDatabase.Target target = database.target();
        try (SessionFactory created = target.create(List.of(Visit.class));
                Connection connection = target.connect(); Statement statement = connection.createStatement()) {
            statement.execute("drop table if exists keysmith_sequences");
        }
        try (SessionFactory validated = target.build(List.of(Visit.class), "validate")) {
            assertThat(validated.isOpen()).as("validation does not ask for keysmith_sequences").isTrue();
        }
    }
}
