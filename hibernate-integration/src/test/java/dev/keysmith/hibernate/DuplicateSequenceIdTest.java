package dev.keysmith.hibernate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.keysmith.annotations.Sequence;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EntityManager;
import jakarta.persistence.Id;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.hibernate.SessionFactory;
import org.hibernate.exception.ConstraintViolationException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * An insert whose {@code @Sequence} id is already taken (rows imported, the counter not resynced) fails with
 * keysmith's {@link DuplicateSequenceIdException}, still a Hibernate {@link ConstraintViolationException}, on both
 * stores and both databases; every other constraint violation stays Hibernate's own.
 */
class DuplicateSequenceIdTest {

    @Entity(name = "TakenTicket")
    public static class Ticket {
        @Id @Sequence(name = "tickets", batch = 10) Long id;
        @Column(unique = true) String code;

        Ticket() {
        }

        Ticket(String code) {
            this.code = code;
        }
    }

    /** An entity whose id the application assigns: its duplicates are none of keysmith's business. */
    @Entity(name = "HandNumbered")
    public static class HandNumbered {
        @Id Long id;

        HandNumbered() {
        }

        HandNumbered(long id) {
            this.id = id;
        }
    }

    private static final List<Class<?>> ENTITIES = List.of(Ticket.class, HandNumbered.class);

    static Stream<Arguments> stores() {
        return Stream.of(TestDatabase.values()).flatMap(database -> Stream.of(Arguments.of(database, "native"),
                Arguments.of(database, "table")));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("stores")
    void anInsertMeetingAnImportedIdNamesTheEntitySequenceIdAndFixAndChangesNothingStored(TestDatabase database,
            String store) throws Exception {
        TestDatabase.Target target = database.target().with(KeysmithSequences.STORE_PROPERTY, store)
                .with(KeysmithSequences.COUNTER_CHECK_PROPERTY, "off");
        try (SessionFactory factory = target.create(ENTITIES)) {
            try (Connection connection = target.connect(); PreparedStatement insert = connection.prepareStatement(
                    "insert into TakenTicket (id, code) values (?, ?)")) {
                for (long id = 1; id <= 100; id++) {
                    insert.setLong(1, id);
                    insert.setString(2, "imported #" + id);
                    insert.addBatch();
                }
                insert.executeBatch();
            }
            Map<Long, String> imported = tickets(target);

            try (EntityManager em = factory.createEntityManager()) {
                em.getTransaction().begin();
                em.persist(new Ticket("new"));
                assertThatThrownBy(em::flush)
                        .isInstanceOf(DuplicateSequenceIdException.class)
                        .isInstanceOf(ConstraintViolationException.class) // what callers catch today still catches it
                        .hasMessageContaining("the id 1 that @Sequence 'tickets' gave entity TakenTicket")
                        .hasMessageContaining("table TakenTicket")
                        .hasMessageContaining("KeysmithSequences.resync(sessionFactory, Ticket.class)")
                        .hasMessageContaining(KeysmithSequences.COUNTER_CHECK_PROPERTY + " = resync")
                        .satisfies(thrown -> {
                            DuplicateSequenceIdException duplicate = (DuplicateSequenceIdException) thrown;
                            assertThat(duplicate.entity()).isEqualTo("TakenTicket");
                            assertThat(duplicate.sequence()).isEqualTo("tickets");
                            assertThat(duplicate.id()).isEqualTo(1L);
                            assertThat((Throwable) duplicate.getSQLException()).isNotNull();
                            assertThat(duplicate.getSQL()).containsIgnoringCase("insert into TakenTicket");
                            // Hibernate's reading of the violation is kept (its kind differs between versions)
                            assertThat(duplicate.getConstraintName()).isNotBlank();
                            assertThat(duplicate.getKind()).isNotNull();
                        });
                em.getTransaction().rollback();
            }
            // through commit, as applications meet it (JPA bootstrap wraps it in a RollbackException)
            Throwable committing = catchThrowable(() -> persist(factory, new Ticket("committed")));
            assertThat(chain(committing)).hasAtLeastOneElementOfType(DuplicateSequenceIdException.class);
            assertThat(tickets(target)).isEqualTo(imported);

            // the fix the message names
            KeysmithSequences.resync(factory, Ticket.class);
            try (EntityManager em = factory.createEntityManager()) {
                em.getTransaction().begin();
                Ticket ticket = new Ticket("after resync");
                em.persist(ticket);
                em.getTransaction().commit();
                assertThat(ticket.id).isGreaterThan(100);
            }
        }
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("stores")
    void otherConstraintViolationsStayHibernatesOwn(TestDatabase database, String store) {
        TestDatabase.Target target = database.target().with(KeysmithSequences.STORE_PROPERTY, store)
                .with(KeysmithSequences.COUNTER_CHECK_PROPERTY, "off");
        try (SessionFactory factory = target.create(ENTITIES)) {
            persist(factory, new Ticket("same"));
            // a unique column of a sequence entity's table
            assertHibernatesOwn(catchThrowable(() -> persist(factory, new Ticket("same"))));
            // the primary key of a table whose ids the application assigns
            persist(factory, new HandNumbered(7));
            assertHibernatesOwn(catchThrowable(() -> persist(factory, new HandNumbered(7))));
        }
    }

    private static void assertHibernatesOwn(Throwable thrown) {
        assertThat(chain(thrown)).hasAtLeastOneElementOfType(ConstraintViolationException.class)
                .noneMatch(DuplicateSequenceIdException.class::isInstance)
                .noneMatch(failure -> String.valueOf(failure.getMessage()).contains("[keysmith]"));
    }

    /** {@code thrown} and its causes. */
    private static List<Throwable> chain(Throwable thrown) {
        assertThat(thrown).as("an exception").isNotNull();
        List<Throwable> chain = new ArrayList<>();
        for (Throwable failure = thrown; failure != null && !chain.contains(failure); failure = failure.getCause()) {
            chain.add(failure);
        }
        return chain;
    }

    private static void persist(SessionFactory factory, Object entity) {
        try (EntityManager em = factory.createEntityManager()) {
            em.getTransaction().begin();
            em.persist(entity);
            em.getTransaction().commit();
        }
    }

    private static Map<Long, String> tickets(TestDatabase.Target target) throws SQLException {
        Map<Long, String> tickets = new TreeMap<>();
        try (Connection connection = target.connect(); Statement select = connection.createStatement();
                ResultSet rows = select.executeQuery("select id, code from TakenTicket")) {
            while (rows.next()) {
                tickets.put(rows.getLong(1), rows.getString(2));
            }
        }
        return tickets;
    }
}
