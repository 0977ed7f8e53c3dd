package dev.keysmith.mongodb.reactive;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.reactivestreams.client.MongoClient;
import com.mongodb.reactivestreams.client.MongoClients;
import com.mongodb.reactivestreams.client.MongoDatabase;
import dev.keysmith.mongodb.testing.TestMongo;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The server of a reactive test ({@link TestMongo}: the embedded one, or the real one of
 * {@code -Dkeysmith.mongodb.uri}) and reactive streams clients on it, closed with it.
 *
 * <p>Not thread-safe: confine to one thread (the clients it makes are thread-safe).
 */
final class ReactiveMongo implements AutoCloseable {

    private final TestMongo server;
    private final List<MongoClient> clients = new ArrayList<>();

    private ReactiveMongo(TestMongo server) {
        this.server = server;
    }

    static ReactiveMongo start() {
        return new ReactiveMongo(TestMongo.start());
    }

    /** With the embedded server's file backend, whose data survives {@link TestMongo#restart()}. */
    static ReactiveMongo startDurable(Path file) {
        return new ReactiveMongo(TestMongo.startDurable(file));
    }

    TestMongo server() {
        return server;
    }

    MongoClient newClient() {
        return newClient(settings -> { });
    }

    MongoClient newClient(Consumer<MongoClientSettings.Builder> customizer) {
        MongoClientSettings.Builder settings = MongoClientSettings.builder()
                .applyConnectionString(new ConnectionString(server.uri()));
        customizer.accept(settings);
        MongoClient client = MongoClients.create(settings.build());
        clients.add(client);
        return client;
    }

    /** A database no other test uses, on {@code client}; {@code name} from {@link TestMongo#freshDatabaseName()}. */
    MongoDatabase database(MongoClient client, String name) {
        return client.getDatabase(name);
    }

    @Override
    public void close() {
        clients.forEach(MongoClient::close);
        server.close();
    }
}
