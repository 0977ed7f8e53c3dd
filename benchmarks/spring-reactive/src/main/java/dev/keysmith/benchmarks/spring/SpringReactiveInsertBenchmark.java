package dev.keysmith.benchmarks.spring;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.springframework.data.mongodb.repository.ReactiveMongoRepository;
import reactor.core.publisher.Mono;

/**
 * (j) Inserts per second of a new entity whose {@code Long} id is a sequence number, one insert at a time, through
 * the reactive Spring Data MongoDB route ({@code ReactiveMongoRepository.save}, or {@code ReactiveMongoTemplate.insert}
 * directly): keysmith's callback at {@code @Sequence(batch = 1)} and {@code @Sequence(batch = 50)} (prefetch on),
 * against the hand-written callback ({@link HandWrittenIdCallback}: one {@code findAndModify} per entity). The same
 * application, server and entity shape for all three; each insert is awaited before the next.
 */
// with both drivers and Netty present, Boot leaves one client's event loop running after the close (docs/spring.md,
// "keysmith brings no driver of its own"): the fork would wait JMH's 30 s for its threads before it exits
@Fork(jvmArgsAppend = "-Djmh.shutdownTimeout=1")
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class SpringReactiveInsertBenchmark {

    @Param({"repository", "template"})
    public String route;

    private boolean throughRepository;

    @Setup(Level.Trial)
    public void chooseRoute() {
        throughRepository = switch (route) {
            case "repository" -> true;
            case "template" -> false;
            default -> throw new IllegalArgumentException("route must be repository or template, not " + route);
        };
    }

    @TearDown(Level.Iteration)
    public void emptyCollections(SpringReactiveState app) {
        app.deleteEntities();
    }

    @Benchmark
    public Long keysmithBatch1(SpringReactiveState app) {
        return insert(app, app.batch1, new Batch1Invoice("Ada", 1_250)).getNumber();
    }

    @Benchmark
    public Long keysmithBatch50(SpringReactiveState app) {
        return insert(app, app.batch50, new Batch50Invoice("Ada", 1_250)).getNumber();
    }

    @Benchmark
    public Long handWrittenFindAndModify(SpringReactiveState app) {
        return insert(app, app.handWritten, new HandWrittenInvoice("Ada", 1_250)).getNumber();
    }

    private <T> T insert(SpringReactiveState app, ReactiveMongoRepository<T, Long> repository, T entity) {
        Mono<T> inserted = throughRepository ? repository.save(entity) : app.mongo.insert(entity);
        return inserted.block();
    }
}
