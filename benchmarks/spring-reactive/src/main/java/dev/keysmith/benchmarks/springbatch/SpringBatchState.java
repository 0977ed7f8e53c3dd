package dev.keysmith.benchmarks.springbatch;

import com.mongodb.event.CommandListener;
import com.mongodb.event.CommandStartedEvent;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntFunction;
import java.util.function.IntSupplier;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.mongodb.autoconfigure.MongoClientSettingsBuilderCustomizer;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.support.GenericApplicationContext;
import org.springframework.data.mongodb.core.MongoTemplate;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import org.springframework.data.mongodb.core.query.Criteria;
import org.springframework.data.mongodb.core.query.Query;
import org.springframework.data.mongodb.repository.MongoRepository;
import org.springframework.data.mongodb.repository.ReactiveMongoRepository;

/**
 * The embedded MongoDB server on a loopback port and {@link BatchBenchmarkApplication} on it (both drivers over TCP),
 * with the entity of the trial's {@code id}: its repositories, its class, and a fresh batch of new entities. Before
 * anything is measured, each route is checked to send a batch as one insert command and to give every entity an id
 * (else the run would measure something else). Thread-safe for JMH's use.
 */
@State(Scope.Benchmark)
public class SpringBatchState {

    /** Entities per batch. */
    static final int BATCH = 1_000;

    /** The first number of thirteen digits: {@code assignedRandomLong} draws twelve, as {@code @RandomId}'s default. */
    private static final long TWELVE_DIGITS = 1_000_000_000_000L;

    /**
     * The id of the entities: Spring's own ObjectId, keysmith's {@code @Sequence(batch = 1000)} or {@code @RandomId},
     * or a control without keysmith, a {@code Long} the application sets before the batch is saved: from a counter
     * ({@code assignedLong}, increasing as a sequence's) or drawn at random with twelve digits
     * ({@code assignedRandomLong}, as {@code @RandomId}'s).
     */
    @Param({"springObjectId", "sequence", "random", "assignedLong", "assignedRandomLong"})
    public String id;

    MongoServer server;
    ConfigurableApplicationContext context;
    MongoTemplate template;
    ReactiveMongoTemplate reactiveTemplate;
    Side side;
    private final AtomicInteger insertCommands = new AtomicInteger();
    /** The counter of {@code assignedLong}: the application's own, never reset, as a sequence's. */
    private final AtomicLong assignedCounter = new AtomicLong();

    @Setup(Level.Trial)
    public void start() {
        server = new MongoServer(new MemoryBackend());
        server.bind("127.0.0.1", 0);
        try {
            CommandListener counting = new CommandListener() {
                @Override
                public void commandStarted(CommandStartedEvent event) {
                    if (event.getCommandName().equals("insert")) {
                        insertCommands.incrementAndGet();
                    }
                }
            };
            MongoClientSettingsBuilderCustomizer listener = settings -> settings.addCommandListener(counting);
            context = new SpringApplicationBuilder(BatchBenchmarkApplication.class)
                    .initializers(app -> ((GenericApplicationContext) app).registerBean(
                            MongoClientSettingsBuilderCustomizer.class, () -> listener))
                    .run("--spring.mongodb.uri=mongodb://127.0.0.1:" + server.getLocalAddress().getPort()
                            + "/benchmarks", "--spring.main.banner-mode=off", "--logging.level.root=warn");
            template = context.getBean(MongoTemplate.class);
            reactiveTemplate = context.getBean(ReactiveMongoTemplate.class);
            side = side(id);
            checkRoutes(side);
        } catch (RuntimeException e) {
            stop(); // JMH calls no tear-down after a failed set-up: the server's threads would keep the fork alive
            throw e;
        }
    }

    /** The entity of one id, with its repositories on both routes. */
    record Side(String id, MongoRepository<Object, Object> repository,
            ReactiveMongoRepository<Object, Object> reactiveRepository, Class<?> type, IntFunction<Object> newEntity) {

        /** A batch of {@link #BATCH} new entities, without ids. */
        List<Object> newBatch() {
            List<Object> batch = new ArrayList<>(BATCH);
            for (int i = 0; i < BATCH; i++) {
                batch.add(newEntity.apply(i));
            }
            return batch;
        }
    }

    /** The side of {@code id} in the started application. */
    Side side(String id) {
        return switch (id) {
            case "springObjectId" -> side(id, SpringObjectIdInvoices.class, ReactiveSpringObjectIdInvoices.class,
                    SpringObjectIdInvoice.class, i -> new SpringObjectIdInvoice("customer " + i, i));
            case "sequence" -> side(id, SequenceInvoices.class, ReactiveSequenceInvoices.class, SequenceInvoice.class,
                    i -> new SequenceInvoice("customer " + i, i));
            case "random" -> side(id, RandomInvoices.class, ReactiveRandomInvoices.class, RandomInvoice.class,
                    i -> new RandomInvoice("customer " + i, i));
            case "assignedLong" -> side(id, AssignedLongInvoices.class, ReactiveAssignedLongInvoices.class,
                    AssignedLongInvoice.class,
                    i -> new AssignedLongInvoice(assignedCounter.incrementAndGet(), "customer " + i, i));
            case "assignedRandomLong" -> side(id, AssignedLongInvoices.class, ReactiveAssignedLongInvoices.class,
                    AssignedLongInvoice.class, i -> new AssignedLongInvoice(
                            ThreadLocalRandom.current().nextLong(TWELVE_DIGITS / 10, TWELVE_DIGITS), "customer " + i, i));
            default -> throw new IllegalArgumentException("id must be springObjectId, sequence, random, assignedLong or"
                    + " assignedRandomLong, not " + id);
        };
    }

    @SuppressWarnings("unchecked")
    private Side side(String id, Class<?> repositoryType, Class<?> reactiveRepositoryType, Class<?> entityType,
            IntFunction<Object> entities) {
        return new Side(id, (MongoRepository<Object, Object>) context.getBean(repositoryType),
                (ReactiveMongoRepository<Object, Object>) context.getBean(reactiveRepositoryType), entityType, entities);
    }

    @TearDown(Level.Trial)
    public void stop() {
        if (context != null) {
            context.close();
        }
        server.shutdownNow();
    }

    /** Empties {@code side}'s collection (the counters go on). */
    void deleteEntities(Side side) {
        template.remove(new Query(), side.type());
    }

    /**
     * Checks that each route saves a batch of {@code side}'s entities as one insert command and stores all of it
     * (else the run would measure something else); the collection is left empty.
     */
    void checkRoutes(Side side) {
        for (Route route : Route.values()) {
            deleteEntities(side);
            check(route, side, () -> route.saveAll(this, side, side.newBatch()));
        }
        deleteEntities(side);
    }

    private void check(Route route, Side side, IntSupplier saveAll) {
        int before = insertCommands.get();
        int saved = saveAll.getAsInt();
        int commands = insertCommands.get() - before;
        long stored = template.count(new Query(Criteria.where("_id").exists(true)), side.type());
        if (commands != 1 || saved != BATCH || stored != BATCH) {
            throw new IllegalStateException("the " + route + " route saved a batch of " + BATCH + " " + side.id() + " entities"
                    + " with " + commands + " insert commands, " + saved + " returned and " + stored + " stored: not the"
                    + " one insertMany of the whole batch that this benchmark measures");
        }
    }
}
