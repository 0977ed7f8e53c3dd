package com.example;

import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import io.quarkus.runtime.Quarkus;
import io.quarkus.runtime.annotations.QuarkusMain;
import java.net.InetSocketAddress;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Starts an embedded MongoDB server, runs {@link Example} in Quarkus against it, and exits with its status. Build with
 * {@code mvn package}, run with {@code java -jar target/quarkus-app/quarkus-run.jar}.
 */
@QuarkusMain
public class Main {

    public static void main(String[] args) {
        MongoServer server = new MongoServer(new MemoryBackend());
        AtomicInteger status = new AtomicInteger(1);
        try {
            server.bind(new InetSocketAddress("127.0.0.1", 0));
            System.setProperty("quarkus.mongodb.connection-string", server.getConnectionString());
            Quarkus.run(Example.class, (exitCode, failure) -> {
                if (failure != null) {
                    failure.printStackTrace();
                }
                status.set(failure != null ? 1 : exitCode);
            }, args);
        } finally {
            server.shutdownNow();
        }
        System.exit(status.get());
    }
}
