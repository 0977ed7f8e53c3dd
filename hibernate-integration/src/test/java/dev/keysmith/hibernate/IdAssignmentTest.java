package dev.keysmith.hibernate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keysmith.hibernate.Entities.Identified;
import jakarta.persistence.EntityManager;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.hibernate.SessionFactory;
import org.hibernate.StatelessSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Done-when 1: every annotation, with field access, property access and on a mapped superclass, gives ids on
 * {@code persist}, {@code merge} of a new entity and {@code StatelessSession.insert}, on H2 and PostgreSQL.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class IdAssignmentTest {

    private final Map<TestDatabase, SessionFactory> factories = new EnumMap<>(TestDatabase.class);

    enum Operation { PERSIST, MERGE, STATELESS_INSERT }

    Stream<Arguments> cases() {
        List<Arguments> cases = new ArrayList<>();
        for (TestDatabase database : TestDatabase.values()) {
            for (Class<?> entity : Entities.ALL) {
                for (Operation operation : Operation.values()) {
                    cases.add(Arguments.of(database, entity.getSimpleName(), entity, operation));
                }
            }
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0} {1} {3}")
    @MethodSource("cases")
    void assignsAnIdThatFindsTheEntity(TestDatabase database, String name, Class<?> type, Operation operation)
            throws Exception {
        SessionFactory factory = factory(database);
        Set<Object> ids = new HashSet<>();
        for (int i = 0; i < 3; i++) {
            Identified entity = (Identified) type.getDeclaredConstructor().newInstance();
            Object id = insert(factory, entity, operation);
            assertThat(id).as("id of %s after %s", name, operation).isNotNull();
            assertThat(id).isInstanceOf(idType(type));
            ids.add(id);
            try (EntityManager em = factory.createEntityManager()) {
                Identified found = (Identified) em.find(type, id);
                assertThat(found).as("%s found by its id %s", name, id).isNotNull();
                assertThat(found.id()).isEqualTo(id);
            }
        }
        assertThat(ids).as("three inserts, three ids").hasSize(3);
    }

    private static Object insert(SessionFactory factory, Identified entity, Operation operation) {
        switch (operation) {
            case PERSIST -> {
                try (EntityManager em = factory.createEntityManager()) {
                    em.getTransaction().begin();
                    em.persist(entity);
                    em.getTransaction().commit();
                    return entity.id();
                }
            }
            case MERGE -> {
                try (EntityManager em = factory.createEntityManager()) {
                    em.getTransaction().begin();
                    Identified merged = em.merge(entity);
                    em.getTransaction().commit();
                    return merged.id();
                }
            }
            default -> {
                try (StatelessSession session = factory.openStatelessSession()) {
                    session.getTransaction().begin();
                    Object id = session.insert(entity);
                    session.getTransaction().commit();
                    assertThat(entity.id()).as("id set on the inserted instance").isEqualTo(id);
                    return id;
                }
            }
        }
    }

    private static Class<?> idType(Class<?> entity) {
        String name = entity.getSimpleName();
        if (name.equals("PropertyObjectId") || name.equals("PropertyUuid")) {
            return String.class;
        }
        if (name.endsWith("ObjectId")) {
            return org.bson.types.ObjectId.class;
        }
        if (name.endsWith("Uuid")) {
            return java.util.UUID.class;
        }
        return name.equals("PropertySequence") ? Integer.class : Long.class;
    }

    private SessionFactory factory(TestDatabase database) {
        return factories.computeIfAbsent(database, db -> db.target().create(Entities.ALL));
    }

    @AfterAll
    void close() {
        factories.values().forEach(SessionFactory::close);
    }
}
