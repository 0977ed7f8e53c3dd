package dev.keysmith.mongodb.testing;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoDatabase;
import de.bwaldvogel.mongo.MongoBackend;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.h2.H2Backend;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The MongoDB server of a test: an embedded {@code mongo-java-server} on 127.0.0.1 and an ephemeral port, or the
 * real server given by the system property {@value #URI_PROPERTY} when it is set and not blank
 * ({@code mvn verify -Dkeysmith.mongodb.uri=mongodb://localhost:27017}).
 *
 * <pre>{@code
 * try (TestMongo mongo = TestMongo.start()) {
 *     MongoClient client = mongo.newClient();               // closed with the TestMongo
 *     MongoDatabase database = mongo.freshDatabase(client); // a new, empty database with a unique name
 *     ...
 * }
 * }</pre>
 *
 * <p>{@link #stop()} and {@link #restart()} work on the embedded server only; a test that needs them calls
 * {@link #assumeRestartable()} first, which skips it (with the reason) on a real server. A restart keeps the
 * data only with the file backend of {@link #startDurable(Path)}; the default memory backend starts empty.
 *
 * <p>Known limits of the embedded server (mongo-java-server 1.47.0): it reports MongoDB 5.0, standalone, with no
 * sessions or transactions; it accepts write concerns and ignores them; {@code findOneAndUpdate} with
 * {@code ReturnDocument.AFTER} and no projection can give two concurrent callers the same document; and
 * {@code insertMany} reports a wrong inserted count.
 *
 * <p>Not thread-safe: confine to one thread (the clients it makes are thread-safe).
 */
public final class TestMongo implements AutoCloseable {

    /** The system property that names a real server to test against instead of the embedded one. */
    public static final String URI_PROPERTY = "keysmith.mongodb.uri";

    private static final String HOST = "127.0.0.1";

    private final Supplier<MongoBackend> backends;
    private final String realServerUri;
    private final List<MongoClient> clients = new ArrayList<>();
    private final List<String> databases = new ArrayList<>();
    private MongoServer server;
    private int port;

    private TestMongo(Supplier<MongoBackend> backends, String realServerUri) {
        this.backends = backends;
        this.realServerUri = realServerUri;
    }

    /** The real server if {@value #URI_PROPERTY} is set, else an embedded server on the memory backend. */
    public static TestMongo start() {
        return start(MemoryBackend::new);
    }

    /**
     * The real server if {@value #URI_PROPERTY} is set, else an embedded server whose data lives in the H2 file
     * {@code file} and survives {@link #restart()}.
     */
    public static TestMongo startDurable(Path file) {
        String fileName = file.toAbsolutePath().toString();
        return start(() -> new H2Backend(fileName));
    }

    private static TestMongo start(Supplier<MongoBackend> backends) {
        String uri = System.getProperty(URI_PROPERTY, "");
        if (!uri.isBlank()) {
            return new TestMongo(backends, uri.strip());
        }
        TestMongo mongo = new TestMongo(backends, null);
        mongo.server = new MongoServer(backends.get());
        InetSocketAddress address = new InetSocketAddress(HOST, 0);
        mongo.server.bind(address);
        mongo.port = mongo.server.getLocalAddress().getPort();
        return mongo;
    }

    /** Whether this is the embedded server (false: a real one given by {@value #URI_PROPERTY}). */
    public boolean isEmbedded() {
        return realServerUri == null;
    }

    /** The connection string of the server. */
    public String uri() {
        return isEmbedded() ? "mongodb://" + HOST + ":" + port : realServerUri;
    }

    /** A new client on {@link #uri()} with the driver's defaults; closed by {@link #close()}. */
    public MongoClient newClient() {
        return newClient(settings -> { });
    }

    /**
     * A new client on {@link #uri()}, with settings the test adjusts (a command listener, a short server-selection
     * timeout, ...); closed by {@link #close()}.
     */
    public MongoClient newClient(Consumer<MongoClientSettings.Builder> customizer) {
        MongoClientSettings.Builder settings = MongoClientSettings.builder()
                .applyConnectionString(new ConnectionString(uri()));
        customizer.accept(settings);
        MongoClient client = MongoClients.create(settings.build());
        clients.add(client);
        return client;
    }

    /** A database name no other test uses (dropped by {@link #close()} on a real server). */
    public String freshDatabaseName() {
        String name = "keysmith_test_" + UUID.randomUUID().toString().replace("-", "").substring(0, 16);
        databases.add(name);
        return name;
    }

    /** A new, empty database of {@code client} with a unique name. */
    public MongoDatabase freshDatabase(MongoClient client) {
        return client.getDatabase(freshDatabaseName());
    }

    /** Skips the calling test, saying why, unless the server can be stopped and restarted. */
    public void assumeRestartable() {
        assumeTrue(isEmbedded(), () -> "the test stops and restarts the server, which it can do only with the"
                + " embedded one, not with the real server at " + realServerUri);
    }

    /** Stops the embedded server; connections to it fail until {@link #restart()}. */
    public void stop() {
        requireEmbedded("stop");
        if (server != null) {
            server.shutdownNow();
            server = null;
        }
    }

    /**
     * Starts the embedded server again on the same port (stopping it first if it runs); the data is kept with
     * the file backend of {@link #startDurable(Path)}.
     */
    public void restart() {
        requireEmbedded("restart");
        stop();
        server = new MongoServer(backends.get());
        server.bind(HOST, port);
    }

    /** Closes the clients made here, drops the fresh databases of a real server, and stops the embedded one. */
    @Override
    public void close() {
        RuntimeException failure = null;
        if (!isEmbedded() && !databases.isEmpty()) {
            try (MongoClient cleaner = MongoClients.create(uri())) {
                databases.forEach(name -> cleaner.getDatabase(name).drop());
            } catch (RuntimeException e) {
                failure = e;
            }
        }
        for (MongoClient client : clients) {
            client.close();
        }
        clients.clear();
        if (server != null) {
            server.shutdownNow();
            server = null;
        }
        if (failure != null) {
            throw failure;
        }
    }

    @Override
    public String toString() {
        return "TestMongo[" + uri() + (isEmbedded() ? ", embedded" : ", real server") + "]";
    }

    private void requireEmbedded(String action) {
        if (!isEmbedded()) {
            throw new IllegalStateException("cannot " + action + " the real server at " + realServerUri
                    + "; call assumeRestartable() first to skip the test there");
        }
    }
}
