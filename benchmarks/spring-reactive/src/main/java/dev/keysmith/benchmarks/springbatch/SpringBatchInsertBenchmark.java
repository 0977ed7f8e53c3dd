package dev.keysmith.benchmarks.springbatch;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * (l) Batches of 1,000 new entities per second through both Spring Data MongoDB routes: {@code MongoRepository.saveAll},
 * {@code MongoTemplate.insert(Collection, Class)}, {@code ReactiveMongoRepository.saveAll(Iterable)} and
 * {@code ReactiveMongoTemplate.insert(Collection, Class)}, each awaited; the entity's id is the trial's
 * ({@link SpringBatchState#id}): Spring's own {@code ObjectId} (the anchor), keysmith's {@code @Sequence(batch = 1000)}
 * or {@code @RandomId}. One application and server for all; the collection is emptied before each batch, which is
 * not timed.
 */
// with both drivers and Netty present, Boot leaves one client's event loop running after the close (docs/spring.md,
// "keysmith brings no driver of its own"): the fork would wait JMH's 30 s for its threads before it exits
@Fork(jvmArgsAppend = "-Djmh.shutdownTimeout=1")
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class SpringBatchInsertBenchmark {

    private List<Object> batch;

    @Setup(Level.Invocation)
    public void freshBatch(SpringBatchState app) {
        app.deleteEntities(app.side);
        batch = app.side.newBatch();
    }

    @Benchmark
    public int blockingRepository(SpringBatchState app) {
        return Route.BLOCKING_REPOSITORY.saveAll(app, app.side, batch);
    }

    @Benchmark
    public int blockingTemplate(SpringBatchState app) {
        return Route.BLOCKING_TEMPLATE.saveAll(app, app.side, batch);
    }

    @Benchmark
    public int reactiveRepository(SpringBatchState app) {
        return Route.REACTIVE_REPOSITORY.saveAll(app, app.side, batch);
    }

    @Benchmark
    public int reactiveTemplate(SpringBatchState app) {
        return Route.REACTIVE_TEMPLATE.saveAll(app, app.side, batch);
    }
}
