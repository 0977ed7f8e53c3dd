package dev.keysmith.hibernate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keysmith.annotations.GeneratedObjectId;
import dev.keysmith.annotations.UuidId;
import jakarta.persistence.Entity;
import jakarta.persistence.EntityManager;
import jakarta.persistence.Id;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.util.List;
import java.util.UUID;
import org.bson.types.ObjectId;
import org.hibernate.SessionFactory;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Done-when 3: the column types of ids (and plain {@code ObjectId} attributes) and their round trip, also as query
 * parameters.
 */
class ColumnTypesTest {

    @Entity(name = "RandomUuidRow")
    public static class RandomUuidRow {
        @Id @UuidId UUID id;
    }

    @Entity(name = "TimeUuidRow")
    public static class TimeUuidRow {
        @Id @UuidId(version = UuidId.Version.TIME_ORDERED) UUID id;
    }

    @Entity(name = "HexRow")
    public static class HexRow {
        @Id @GeneratedObjectId String id;
    }

    @Entity(name = "ObjectIdRow")
    public static class ObjectIdRow {
        @Id @GeneratedObjectId ObjectId id;
        ObjectId reference;
    }

    @Entity(name = "BinaryObjectIdRow")
    public static class BinaryObjectIdRow {
        @Id @GeneratedObjectId @JdbcTypeCode(SqlTypes.BINARY) ObjectId id;
        @JdbcTypeCode(SqlTypes.BINARY) ObjectId reference;
    }

    private static final List<Class<?>> TYPES =
            List.of(RandomUuidRow.class, TimeUuidRow.class, HexRow.class, ObjectIdRow.class, BinaryObjectIdRow.class);

    @ParameterizedTest(name = "{0}")
    @EnumSource(TestDatabase.class)
    void columnsHaveTheDocumentedTypes(TestDatabase database) throws Exception {
        TestDatabase.Target target = database.target();
        try (SessionFactory ignored = target.create(TYPES); Connection connection = target.connect()) {
            DatabaseMetaData meta = connection.getMetaData();
            boolean postgres = database == TestDatabase.POSTGRESQL;
            assertThat(column(meta, "RandomUuidRow", "id")).isEqualTo(postgres ? "uuid" : "UUID");
            assertThat(column(meta, "TimeUuidRow", "id")).isEqualTo(postgres ? "uuid" : "UUID");
            String char24 = postgres ? "bpchar(24)" : "CHARACTER(24)";
            assertThat(column(meta, "HexRow", "id")).isEqualTo(char24);
            assertThat(column(meta, "ObjectIdRow", "id")).isEqualTo(char24);
            assertThat(column(meta, "ObjectIdRow", "reference")).isEqualTo(char24);
            String binary12 = postgres ? "bytea" : "BINARY(12)";
            assertThat(column(meta, "BinaryObjectIdRow", "id")).isEqualTo(binary12);
            assertThat(column(meta, "BinaryObjectIdRow", "reference")).isEqualTo(binary12);
        }
        try (SessionFactory validated = target.build(TYPES, "validate")) {
            assertThat(validated.isOpen()).as("schema validation accepts the columns it created").isTrue();
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(TestDatabase.class)
    void valuesRoundTripAndWorkAsQueryParameters(TestDatabase database) {
        try (SessionFactory factory = database.target().create(TYPES)) {
            RandomUuidRow randomUuid = persist(factory, new RandomUuidRow());
            assertThat(randomUuid.id.version()).isEqualTo(4);
            assertThat(findBy(factory, RandomUuidRow.class, randomUuid.id).id).isEqualTo(randomUuid.id);

            TimeUuidRow timeUuid = persist(factory, new TimeUuidRow());
            assertThat(timeUuid.id.version()).isEqualTo(7);
            assertThat(findBy(factory, TimeUuidRow.class, timeUuid.id).id).isEqualTo(timeUuid.id);

            HexRow hex = persist(factory, new HexRow());
            assertThat(hex.id).matches("[0-9a-f]{24}");
            assertThat(findBy(factory, HexRow.class, hex.id).id).isEqualTo(hex.id);

            ObjectId reference = new ObjectId();
            ObjectIdRow objectId = new ObjectIdRow();
            objectId.reference = reference;
            persist(factory, objectId);
            ObjectIdRow found = findBy(factory, ObjectIdRow.class, objectId.id);
            assertThat(found.id).isEqualTo(objectId.id);
            assertThat(found.reference).isEqualTo(reference);
            assertThat(findByReference(factory, ObjectIdRow.class, reference).id).isEqualTo(objectId.id);

            BinaryObjectIdRow binary = new BinaryObjectIdRow();
            binary.reference = reference;
            persist(factory, binary);
            BinaryObjectIdRow foundBinary = findBy(factory, BinaryObjectIdRow.class, binary.id);
            assertThat(foundBinary.id).isEqualTo(binary.id);
            assertThat(foundBinary.reference).isEqualTo(reference);
            assertThat(findByReference(factory, BinaryObjectIdRow.class, reference).id).isEqualTo(binary.id);
        }
    }

    private static <T> T persist(SessionFactory factory, T entity) {
        try (EntityManager em = factory.createEntityManager()) {
            em.getTransaction().begin();
            em.persist(entity);
            em.getTransaction().commit();
            return entity;
        }
    }

    private static <T> T findBy(SessionFactory factory, Class<T> type, Object id) {
        try (EntityManager em = factory.createEntityManager()) {
            return em.createQuery("select e from " + type.getSimpleName() + " e where e.id = :id", type)
                    .setParameter("id", id)
                    .getSingleResult();
        }
    }

    private static <T> T findByReference(SessionFactory factory, Class<T> type, ObjectId reference) {
        try (EntityManager em = factory.createEntityManager()) {
            return em.createQuery("select e from " + type.getSimpleName() + " e where e.reference = :reference", type)
                    .setParameter("reference", reference)
                    .getSingleResult();
        }
    }

    /** The column's type as the database reports it, with its size where the type has one. */
    private static String column(DatabaseMetaData meta, String table, String column) throws Exception {
        for (String tableName : List.of(table, table.toUpperCase(), table.toLowerCase())) {
            for (String columnName : List.of(column, column.toUpperCase(), column.toLowerCase())) {
                try (ResultSet columns = meta.getColumns(null, null, tableName, columnName)) {
                    if (columns.next()) {
                        String type = columns.getString("TYPE_NAME");
                        boolean sized = type.equalsIgnoreCase("bpchar") || type.startsWith("CHARACTER")
                                || type.startsWith("BINARY");
                        return sized ? type + "(" + columns.getInt("COLUMN_SIZE") + ")" : type;
                    }
                }
            }
        }
        throw new AssertionError("no column " + table + "." + column);
    }
}
