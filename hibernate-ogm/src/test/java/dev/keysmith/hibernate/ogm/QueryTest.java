package dev.keysmith.hibernate.ogm;

import static dev.keysmith.hibernate.ogm.OgmTestSupport.persist;
import static org.assertj.core.api.Assertions.assertThat;

import dev.keysmith.hibernate.ogm.model.Note;
import dev.keysmith.hibernate.ogm.model.Visit;
import javax.persistence.EntityManager;
import javax.persistence.EntityManagerFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * JP-QL queries that filter on a keysmith id go through the same stored types: a {@code @UuidId} parameter becomes
 * binary subtype 4, a String {@code @GeneratedObjectId} parameter an ObjectId. And {@code merge} of a new entity
 * assigns its id too.
 */
class QueryTest {
    private static OgmTestSupport mongo;

    private static EntityManagerFactory factory;

    @BeforeAll
    static void boot() {
        mongo = OgmTestSupport.start();
        factory = mongo.factory(mongo.freshDatabaseName(), Visit.class, Note.class);
    }

    @AfterAll
    static void shutDown() {
        mongo.close();
    }

    @Test
    void mergeOfANewEntityAssignsItsId() {
        EntityManager em = factory.createEntityManager();
        em.getTransaction().begin();
        Visit merged = em.merge(new Visit("/merged"));
        em.getTransaction().commit();
        em.close();

        assertThat(merged.id).isNotNull();
        assertThat(OgmTestSupport.find(factory, Visit.class, merged.id).page).isEqualTo("/merged");
    }

    @Test
    void aQueryByUuidIdFindsTheEntity() {
        Visit visit = persist(factory, new Visit("/q"));
        persist(factory, new Visit("/other"));
        EntityManager em = factory.createEntityManager();
        em.getTransaction().begin();
        Visit found = em.createQuery("select v from Visit v where v.id = :id", Visit.class)
                .setParameter("id", visit.id).getSingleResult();
        em.getTransaction().commit();
        assertThat(found.page).isEqualTo("/q");
    }

    @Test
    void aQueryByStringObjectIdFindsTheEntity() {
        Note note = persist(factory, new Note("q"));
        persist(factory, new Note("other"));
        EntityManager em = factory.createEntityManager();
        em.getTransaction().begin();
        Note found = em.createQuery("select n from Note n where n.id = :id", Note.class)
                .setParameter("id", note.id).getSingleResult();
        em.getTransaction().commit();
        assertThat(found.text).isEqualTo("q");
    }
}
