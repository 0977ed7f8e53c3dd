package dev.keysmith.hibernate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keysmith.annotations.Sequence;
import jakarta.persistence.Entity;
import jakarta.persistence.EntityManager;
import jakarta.persistence.Id;
import jakarta.persistence.OptimisticLockException;
import jakarta.persistence.PersistenceException;
import java.util.List;
import org.hibernate.SessionFactory;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * What docs/hibernate.md says of an id the application sets on a new entity: Hibernate takes the entity for one
 * that exists, so {@code persist} refuses it as detached and {@code merge} finds no row to update; keysmith never
 * overwrites the id.
 */
class AssignedIdTest {

    @Entity(name = "Ledger")
    public static class Ledger {
        @Id @Sequence(name = "ledgers") Long id;
        String name = "ledger";
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(TestDatabase.class)
    void persistOfANewEntityWithAnIdFailsAsDetached(TestDatabase database) {
        try (SessionFactory factory = database.target().create(List.of(Ledger.class));
                EntityManager em = factory.createEntityManager()) {
            Ledger ledger = new Ledger();
            ledger.id = 42L;
            em.getTransaction().begin();
            assertThatThrownBy(() -> em.persist(ledger)).isInstanceOf(PersistenceException.class)
                    .message().containsIgnoringCase("detached entity passed to persist");
            em.getTransaction().rollback();
            assertThat(ledger.id).isEqualTo(42L);
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(TestDatabase.class)
    void mergeOfANewEntityWithAnIdFindsNoRow(TestDatabase database) {
        try (SessionFactory factory = database.target().create(List.of(Ledger.class));
                EntityManager em = factory.createEntityManager()) {
            Ledger ledger = new Ledger();
            ledger.id = 42L;
            em.getTransaction().begin();
            assertThatThrownBy(() -> {
                em.merge(ledger);
                em.flush();
            }).isInstanceOf(OptimisticLockException.class);
            em.getTransaction().rollback();
        }
    }
}
