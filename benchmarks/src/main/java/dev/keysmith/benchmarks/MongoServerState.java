package dev.keysmith.benchmarks;

import com.mongodb.WriteConcern;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import dev.keysmith.mongodb.MongoCounterStore;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/** The embedded MongoDB server on a loopback port, a client over TCP, and keysmith's counter store on it. Thread-safe. */
@State(Scope.Benchmark)
public class MongoServerState {

    MongoServer server;
    MongoClient client;
    MongoCounterStore store;

    @Setup(Level.Trial)
    public void start() {
        server = new MongoServer(new MemoryBackend());
        server.bind("127.0.0.1", 0);
        client = MongoClients.create("mongodb://127.0.0.1:" + server.getLocalAddress().getPort());
        store = MongoCounterStore.create(client.getDatabase("benchmarks"), "keysmith_counters",
                WriteConcern.MAJORITY);
    }

    @TearDown(Level.Trial)
    public void stop() {
        client.close();
        server.shutdownNow();
    }
}
