package dev.keysmith.benchmarks;

import static org.bson.codecs.configuration.CodecRegistries.fromProviders;
import static org.bson.codecs.configuration.CodecRegistries.fromRegistries;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoDatabase;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import dev.keysmith.mongodb.Keysmith;
import java.util.concurrent.TimeUnit;
import org.bson.Document;
import org.bson.codecs.pojo.PojoCodecProvider;
import org.bson.types.ObjectId;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * (g) The whole path a user sees, once per fresh JVM: from {@code Keysmith.create(database)} to the first
 * {@link Order} inserted (its id assigned by the generated codec) on the embedded server, against the same insert
 * through {@code PojoCodecProvider} (its id assigned by the driver). Before the measurement the JVM holds a
 * client connected to the server through which it has inserted one plain {@code Document} into another
 * collection, as an application has once it runs; the entity's class is loaded and one instance is ready. So
 * both sides pay the same for the server creating the {@code orders} collection, and the rest is what the choice
 * of codec costs the first entity.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(20)
@Warmup(iterations = 0)
@Measurement(iterations = 1)
public class FirstInsertBenchmark {

    private MongoServer server;
    private MongoClient client;
    private MongoDatabase database;
    private Order order;
    private Keysmith keysmith;

    @Setup(Level.Trial)
    public void applicationIsConnected() {
        server = new MongoServer(new MemoryBackend());
        server.bind("127.0.0.1", 0);
        client = MongoClients.create("mongodb://127.0.0.1:" + server.getLocalAddress().getPort());
        database = client.getDatabase("benchmarks");
        database.getCollection("startup").insertOne(new Document("started", true));
        order = Order.sample();
        order.setId(null);
    }

    @TearDown(Level.Trial)
    public void stop() {
        if (keysmith != null) {
            keysmith.close();
        }
        client.close();
        server.shutdownNow();
    }

    @Benchmark
    public ObjectId keysmith() {
        keysmith = Keysmith.create(database);
        keysmith.collection(Order.class).insertOne(order);
        return order.getId();
    }

    @Benchmark
    public ObjectId pojo() {
        database.withCodecRegistry(fromRegistries(database.getCodecRegistry(),
                        fromProviders(PojoCodecProvider.builder().automatic(true).build())))
                .getCollection("orders", Order.class)
                .insertOne(order);
        return order.getId();
    }
}
