package dev.keysmith.hibernate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keysmith.annotations.RandomId;
import jakarta.persistence.Entity;
import jakarta.persistence.EntityManager;
import jakarta.persistence.Id;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import dev.keysmith.runtime.RandomIdExhaustedException;
import org.hibernate.SessionFactory;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Done-when 4: {@code @RandomId} retries taken ids and fails clearly when none is free. */
class RandomIdTest {

    @Entity(name = "Digit")
    public static class Digit {
        @Id @RandomId(digits = 1, attempts = 200) Long id;
        String label = "digit";
    }

    private static final List<Class<?>> TYPES = List.of(Digit.class);

    @ParameterizedTest(name = "{0}")
    @EnumSource(TestDatabase.class)
    void takesTheOnlyFreeValueThenFailsClearly(TestDatabase database) throws Exception {
        TestDatabase.Target target = database.target();
        try (SessionFactory factory = target.create(TYPES)) {
            long free = ThreadLocalRandom.current().nextLong(1, 10);
            try (Connection connection = target.connect();
                    PreparedStatement insert = connection.prepareStatement(
                            "insert into Digit (id, label) values (?, 'taken')")) {
                for (long value = 1; value <= 9; value++) {
                    if (value != free) {
                        insert.setLong(1, value);
                        insert.executeUpdate();
                    }
                }
            }

            assertThat(persist(factory, new Digit()).id).as("the one free digit").isEqualTo(free);

            assertThatThrownBy(() -> persist(factory, new Digit()))
                    .isInstanceOf(RandomIdExhaustedException.class)
                    .hasMessageContaining("Digit")
                    .hasMessageContaining("200 attempts")
                    .hasMessageContaining("raise @RandomId(digits)");
            try (Connection connection = target.connect()) {
                assertThat(SequenceTableTest.count(connection, "select count(*) from Digit")).isEqualTo(9);
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(TestDatabase.class)
    void oneTransactionNeverDrawsAnIdItAlreadyHolds(TestDatabase database) {
        try (SessionFactory factory = database.target().create(TYPES);
                EntityManager em = factory.createEntityManager()) {
            em.getTransaction().begin();
            Set<Long> ids = new HashSet<>();
            for (int i = 0; i < 9; i++) {
                Digit digit = new Digit();
                em.persist(digit);
                ids.add(digit.id);
            }
            assertThatThrownBy(() -> em.persist(new Digit())).isInstanceOf(RandomIdExhaustedException.class);
            em.getTransaction().rollback();
            assertThat(ids).containsExactlyInAnyOrderElementsOf(
                    LongStream.rangeClosed(1, 9).boxed().collect(Collectors.toSet()));
        }
    }

    private static Digit persist(SessionFactory factory, Digit digit) {
        try (EntityManager em = factory.createEntityManager()) {
            em.getTransaction().begin();
            try {
                em.persist(digit);
                em.getTransaction().commit();
            } finally {
                if (em.getTransaction().isActive()) {
                    em.getTransaction().rollback();
                }
            }
            return digit;
        }
    }
}
