package dev.keysmith.benchmarks.spring;

import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.data.mongodb.core.ReactiveMongoOperations;
import org.springframework.data.mongodb.core.query.Query;

/**
 * The embedded MongoDB server on a loopback port and {@link BenchmarkApplication} on it, reached over TCP by the
 * reactive streams driver. Before anything is measured, each route is checked to number its entities as the
 * benchmark assumes (else the run would measure something else). Thread-safe.
 */
@State(Scope.Benchmark)
public class SpringReactiveState {

    MongoServer server;
    ConfigurableApplicationContext context;
    ReactiveMongoOperations mongo;
    Batch1Invoices batch1;
    Batch50Invoices batch50;
    HandWrittenInvoices handWritten;

    @Setup(Level.Trial)
    public void start() {
        server = new MongoServer(new MemoryBackend());
        server.bind("127.0.0.1", 0);
        try {
            context = new SpringApplicationBuilder(BenchmarkApplication.class).run(
                    "--spring.mongodb.uri=mongodb://127.0.0.1:" + server.getLocalAddress().getPort() + "/benchmarks",
                    "--spring.main.banner-mode=off", "--logging.level.root=warn",
                    // a reactive application: the module has the blocking starter too, for the batches of (l)
                    "--spring.autoconfigure.exclude=org.springframework.boot.mongodb.autoconfigure.MongoAutoConfiguration,"
                            + "org.springframework.boot.data.mongodb.autoconfigure.DataMongoAutoConfiguration,"
                            + "org.springframework.boot.data.mongodb.autoconfigure.DataMongoRepositoriesAutoConfiguration");
            mongo = context.getBean(ReactiveMongoOperations.class);
            batch1 = context.getBean(Batch1Invoices.class);
            batch50 = context.getBean(Batch50Invoices.class);
            handWritten = context.getBean(HandWrittenInvoices.class);
            checkRoutes();
        } catch (RuntimeException e) {
            stop(); // JMH calls no tear-down after a failed set-up: the server's threads would keep the fork alive
            throw e;
        }
    }

    @TearDown(Level.Trial)
    public void stop() {
        if (context != null) {
            context.close();
        }
        server.shutdownNow();
    }

    /** Empties the entities' collections (a delete, which an empty collection takes silently); the counters go on. */
    void deleteEntities() {
        mongo.remove(new Query(), Batch1Invoice.class)
                .then(mongo.remove(new Query(), Batch50Invoice.class))
                .then(mongo.remove(new Query(), HandWrittenInvoice.class))
                .block();
    }

    private void checkRoutes() {
        consecutive("keysmith, batch 1", batch1.save(new Batch1Invoice("check", 1)).block().getNumber(),
                mongo.insert(new Batch1Invoice("check", 2)).block().getNumber());
        consecutive("keysmith, batch 50", batch50.save(new Batch50Invoice("check", 1)).block().getNumber(),
                mongo.insert(new Batch50Invoice("check", 2)).block().getNumber());
        consecutive("hand-written", handWritten.save(new HandWrittenInvoice("check", 1)).block().getNumber(),
                mongo.insert(new HandWrittenInvoice("check", 2)).block().getNumber());
        long counters = mongo.count(new Query(), "keysmith_counters").block();
        if (counters != 2) {
            throw new IllegalStateException("expected keysmith's two counters in keysmith_counters (batch1_invoices,"
                    + " batch50_invoices), found " + counters + " documents");
        }
        deleteEntities();
    }

    private static void consecutive(String route, Long first, Long second) {
        if (first == null || second == null || second != first + 1) {
            throw new IllegalStateException("the " + route + " route numbered two inserts " + first + " and " + second
                    + ", not n and n + 1: it does not assign the ids this benchmark measures");
        }
    }
}
