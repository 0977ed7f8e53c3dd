package dev.keysmith.hibernate;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.assertj.core.api.Assertions;
import org.hibernate.SessionFactory;
import org.hibernate.cfg.AvailableSettings;
import org.hibernate.cfg.Configuration;
import org.junit.jupiter.api.Assumptions;

/**
 * The databases the suite runs on: an embedded H2, and the PostgreSQL given by {@code KEYSMITH_POSTGRES_URL},
 * {@code KEYSMITH_POSTGRES_USER} and {@code KEYSMITH_POSTGRES_PASSWORD} (environment, or the system properties
 * {@code keysmith.postgres.url/user/password}). Without them the PostgreSQL runs are skipped, unless
 * {@code KEYSMITH_POSTGRES_REQUIRED=true} makes their absence a failure.
 */
public enum TestDatabase {
    H2, POSTGRESQL;

    /** A fresh H2 database per call (named at random), or the one PostgreSQL database. */
    public Target target() {
        if (this == H2) {
            return new Target(this, "jdbc:h2:mem:keysmith-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1", "sa", "",
                    Map.of());
        }
        String url = setting("KEYSMITH_POSTGRES_URL");
        if (url == null || url.isBlank()) {
            String how = "PostgreSQL runs need KEYSMITH_POSTGRES_URL, KEYSMITH_POSTGRES_USER and "
                    + "KEYSMITH_POSTGRES_PASSWORD (run: eval \"$(.ci/start-postgres)\")";
            if (Boolean.parseBoolean(setting("KEYSMITH_POSTGRES_REQUIRED"))) {
                Assertions.fail("KEYSMITH_POSTGRES_REQUIRED=true but no PostgreSQL is given: " + how);
            }
            Assumptions.abort("skipped: " + how);
        }
        return new Target(this, url, setting("KEYSMITH_POSTGRES_USER"), setting("KEYSMITH_POSTGRES_PASSWORD"),
                Map.of());
    }

    private static String setting(String name) {
        String property = System.getProperty(name.toLowerCase(java.util.Locale.ROOT).replace('_', '.'));
        return property != null && !property.isBlank() ? property : System.getenv(name);
    }

    /** One database to connect to, and the Hibernate settings its factories get on top of the suite's. */
    public record Target(TestDatabase kind, String url, String user, String password, Map<String, Object> settings) {

        /** The same database, with {@code key = value} added to the settings of its factories. */
        public Target with(String key, Object value) {
            Map<String, Object> more = new HashMap<>(settings);
            more.put(key, value);
            return new Target(kind, url, user, password, Map.copyOf(more));
        }

        /** The same database with {@code @Sequence} counters in the {@code keysmith_sequences} table. */
        public Target withTableStore() {
            return with(KeysmithSequences.STORE_PROPERTY, "table");
        }

        /** A session factory over {@code entities} that first drops and creates their tables. */
        public SessionFactory create(List<Class<?>> entities) {
            return build(entities, "create");
        }

        /** A session factory over {@code entities} with the given {@code hibernate.hbm2ddl.auto} action. */
        public SessionFactory build(List<Class<?>> entities, String schemaAction) {
            Configuration configuration = new Configuration();
            entities.forEach(configuration::addAnnotatedClass);
            if (!settings.containsKey(AvailableSettings.DATASOURCE)) {
                // A DataSource given in the settings brings its own connections (and takes no user and password).
                configuration.setProperty("hibernate.connection.url", url);
                configuration.setProperty("hibernate.connection.username", user);
                configuration.setProperty("hibernate.connection.password", password == null ? "" : password);
                configuration.setProperty("hibernate.connection.pool_size", "8");
            }
            configuration.setProperty("hibernate.hbm2ddl.auto", schemaAction);
            configuration.setProperty("hibernate.jdbc.batch_size", "50");
            configuration.setProperty("hibernate.order_inserts", "true");
            configuration.getProperties().putAll(settings);
            return configuration.buildSessionFactory();
        }

        public Connection connect() throws SQLException {
            return DriverManager.getConnection(url, user, password);
        }
    }
}
