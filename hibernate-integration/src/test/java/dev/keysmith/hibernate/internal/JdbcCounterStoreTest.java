package dev.keysmith.hibernate.internal;

import dev.keysmith.annotations.Sequence;
import dev.keysmith.hibernate.TestDatabase;
import dev.keysmith.runtime.ResyncableCounterStore;
import dev.keysmith.runtime.testing.ResyncableCounterStoreContract;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import java.sql.Connection;
import java.sql.Statement;
import java.util.List;
import org.hibernate.SessionFactory;
import org.hibernate.engine.spi.SessionFactoryImplementor;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.TestInstance;

/** The counter-store contract of the runtime, on {@code keysmith_sequences} in H2 and in PostgreSQL. */
class JdbcCounterStoreTest {

    @Entity(name = "Counted")
    public static class Counted {
        @Id @Sequence Long id;
    }

    /** A session factory that made the table; every {@link #emptyStore()} empties it. */
    @TestInstance(TestInstance.Lifecycle.PER_CLASS)
    abstract static class OnDatabase extends ResyncableCounterStoreContract {

        private SessionFactory factory;
        private TestDatabase.Target target;

        abstract TestDatabase database();

        @Override
        protected ResyncableCounterStore emptyStore() {
            if (factory == null) {
                target = database().target().withTableStore();
                factory = target.create(List.of(Counted.class));
            }
            try (Connection connection = target.connect(); Statement statement = connection.createStatement()) {
                statement.executeUpdate("delete from keysmith_sequences");
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
            return JdbcCounterStore.of(factory.unwrap(SessionFactoryImplementor.class).getServiceRegistry(), "keysmith_sequences", "seq_name", "next_val");
        }

        @Override
        protected void setCounter(String counter, long value) {
            try (Connection connection = target.connect(); Statement statement = connection.createStatement()) {
                statement.executeUpdate("delete from keysmith_sequences where seq_name = '" + counter + "'");
                statement.executeUpdate("insert into keysmith_sequences (seq_name, next_val) values ('" + counter
                        + "', " + value + ")");
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }

        @AfterAll
        void close() {
            if (factory != null) {
                factory.close();
            }
        }
    }

    @Nested
    class H2 extends OnDatabase {
        @Override
        TestDatabase database() {
            return TestDatabase.H2;
        }
    }

    @Nested
    class PostgreSQL extends OnDatabase {
        @Override
        TestDatabase database() {
            return TestDatabase.POSTGRESQL;
        }
    }
}
