package dev.keysmith.hibernate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keysmith.annotations.RandomId;
import dev.keysmith.annotations.Sequence;
import dev.keysmith.annotations.UuidId;
import jakarta.persistence.Entity;
import jakarta.persistence.EntityManager;
import jakarta.persistence.Id;
import java.util.List;
import java.util.UUID;
import org.hibernate.SessionFactory;
import org.junit.jupiter.api.Test;

/**
 * keysmith-hibernate without {@code org.mongodb:bson} (its optional dependency): UUID, sequence and random ids work,
 * and nothing of MongoDB is on the classpath. Runs in its own surefire execution whose classpath excludes bson.
 */
class WithoutBsonTest {

    @Entity(name = "LeanUuid")
    public static class LeanUuid {
        @Id @UuidId(version = UuidId.Version.TIME_ORDERED) UUID id;
    }

    @Entity(name = "LeanSequence")
    public static class LeanSequence {
        @Id @Sequence Long id;
    }

    @Entity(name = "LeanRandom")
    public static class LeanRandom {
        @Id @RandomId Long id;
    }

    @Test
    void bsonIsNotOnThisClasspath() {
        assertThatThrownBy(() -> Class.forName("org.bson.types.ObjectId")).isInstanceOf(ClassNotFoundException.class);
        assertThatThrownBy(() -> Class.forName("com.mongodb.client.MongoClient"))
                .isInstanceOf(ClassNotFoundException.class);
    }

    @Test
    void uuidSequenceAndRandomIdsWorkWithoutBson() {
        try (SessionFactory factory = TestDatabase.H2.target()
                .create(List.of(LeanUuid.class, LeanSequence.class, LeanRandom.class));
                EntityManager em = factory.createEntityManager()) {
            em.getTransaction().begin();
            LeanUuid uuid = new LeanUuid();
            LeanSequence sequence = new LeanSequence();
            LeanRandom random = new LeanRandom();
            em.persist(uuid);
            em.persist(sequence);
            em.persist(random);
            em.getTransaction().commit();
            assertThat(uuid.id.version()).isEqualTo(7);
            assertThat(sequence.id).isEqualTo(1L);
            assertThat(random.id).isBetween(100_000_000_000L, 999_999_999_999L);
        }
    }
}
