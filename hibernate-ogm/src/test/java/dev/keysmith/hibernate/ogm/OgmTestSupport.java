package dev.keysmith.hibernate.ogm;

import com.mongodb.ConnectionString;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoDatabase;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Consumer;
import javax.persistence.EntityManager;
import javax.persistence.EntityManagerFactory;
import javax.persistence.EntityTransaction;
import javax.persistence.Persistence;
import org.hibernate.jpa.AvailableSettings;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The MongoDB server of a test class and the OGM factories on it: an embedded {@code mongo-java-server} on
 * 127.0.0.1 and an ephemeral port, or the real server given by {@code -Dkeysmith.mongodb.uri=...}. Each test works in
 * a fresh database (dropped at the end on a real server). A test class holds one per test in a
 * {@code @RegisterExtension} instance field, closed after each test; or one for the class, closed in its
 * {@code @AfterAll}.
 *
 * <p>Not thread-safe: confine to the test's thread (the factories and clients it makes are thread-safe).
 */
final class OgmTestSupport implements AfterEachCallback, AutoCloseable {

    private static final String URI_PROPERTY = "keysmith.mongodb.uri";

    private final MongoServer server;
    private final ConnectionString uri;
    private final MongoClient client;
    private final List<EntityManagerFactory> factories = new ArrayList<>();
    private final List<String> databases = new ArrayList<>();

    private OgmTestSupport(MongoServer server, ConnectionString uri) {
        this.server = server;
        this.uri = uri;
        this.client = MongoClients.create(uri);
    }

    static OgmTestSupport start() {
        String given = System.getProperty(URI_PROPERTY, "").strip();
        if (!given.isEmpty()) {
            return new OgmTestSupport(null, new ConnectionString(given));
        }
        MongoServer server = new MongoServer(new MemoryBackend());
        server.bind("127.0.0.1", 0);
        return new OgmTestSupport(server, new ConnectionString("mongodb://127.0.0.1:"
                + server.getLocalAddress().getPort()));
    }

    /** A database name no other test uses. */
    String freshDatabaseName() {
        String name = "keysmith_ogm_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        databases.add(name);
        return name;
    }

    /** The plain driver's view of {@code database}, to read the raw documents OGM wrote. */
    MongoDatabase database(String database) {
        return client.getDatabase(database);
    }

    /** A plain driver client on the server (closed with this). */
    MongoClient client() {
        return client;
    }

    /** An OGM factory on {@code database} that knows exactly {@code entities}; closed with this. */
    EntityManagerFactory factory(String database, Class<?>... entities) {
        return factory(database, settings -> { }, entities);
    }

    /** As {@link #factory(String, Class[])}, with settings the test adds. */
    EntityManagerFactory factory(String database, Consumer<Map<String, Object>> customizer, Class<?>... entities) {
        Map<String, Object> settings = new HashMap<>();
        settings.put(AvailableSettings.LOADED_CLASSES, List.of(entities));
        settings.put("hibernate.ogm.datastore.host", String.join(",", uri.getHosts()));
        settings.put("hibernate.ogm.datastore.database", database);
        if (uri.getUsername() != null) {
            settings.put("hibernate.ogm.datastore.username", uri.getUsername());
            settings.put("hibernate.ogm.datastore.password", new String(uri.getPassword()));
        }
        customizer.accept(settings);
        EntityManagerFactory factory = Persistence.createEntityManagerFactory("keysmith-ogm", settings);
        factories.add(factory);
        return factory;
    }

    /** Persists {@code entity} in its own transaction and returns it (with its id). */
    static <T> T persist(EntityManagerFactory factory, T entity) {
        inTransaction(factory, em -> em.persist(entity));
        return entity;
    }

    /** Runs {@code work} in a transaction of a new EntityManager, committed at the end. */
    static void inTransaction(EntityManagerFactory factory, Consumer<EntityManager> work) {
        EntityManager em = factory.createEntityManager();
        EntityTransaction transaction = em.getTransaction();
        try {
            transaction.begin();
            work.accept(em);
            transaction.commit();
        } finally {
            if (transaction.isActive()) {
                transaction.rollback();
            }
            em.close();
        }
    }

    /** Finds the entity in a new EntityManager. */
    static <T> T find(EntityManagerFactory factory, Class<T> type, Object id) {
        EntityManager em = factory.createEntityManager();
        try {
            return em.find(type, id);
        } finally {
            em.close();
        }
    }

    @Override
    public void afterEach(ExtensionContext context) {
        close();
    }

    @Override
    public void close() {
        factories.forEach(factory -> {
            if (factory.isOpen()) {
                factory.close();
            }
        });
        if (server == null) {
            databases.forEach(name -> client.getDatabase(name).drop());
        }
        client.close();
        if (server != null) {
            server.shutdownNow();
        }
    }
}
