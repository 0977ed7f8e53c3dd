package dev.keysmith.benchmarks.hibernate;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.keysmith.annotations.Sequence;
import dev.keysmith.hibernate.KeysmithSequences;
import jakarta.persistence.Entity;
import jakarta.persistence.EntityManager;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.SequenceGenerator;
import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.hibernate.SessionFactory;
import org.hibernate.cfg.AvailableSettings;
import org.hibernate.cfg.Configuration;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * 20,000 inserts on PostgreSQL at an allocation size of 50, in transactions of 500 with JDBC batches of 50:
 * keysmith's {@code @Sequence(batch = 50)} on native sequences ({@code native}) and on the
 * {@code keysmith_sequences} table ({@code table}) against Hibernate's own pooled sequence
 * ({@code @SequenceGenerator(allocationSize = 50)}, {@code pooled}), with one thread on one session factory
 * ({@code 1x1}) and with four threads on each of two session factories ({@code 2x4}). Each factory has a HikariCP
 * pool of 8. One operation is all 20,000 inserts, timed as a single shot; every iteration starts from an empty
 * table of the same shape ({@code id bigint, label varchar}) without autovacuum, so both sides meet the same database
 * state. Both sides send PostgreSQL the same statements (per 20,000 inserts: 400 {@code nextval}, 400 JDBC batches of
 * 50 inserts, 40 transactions; {@code PooledParityTest} in keysmith-hibernate asserts it), so the timed difference is
 * the id generation in the JVM. {@code benchmarks/run.sh} runs it as rounds that alternate which side goes first.
 *
 * <p>Needs the PostgreSQL that {@code .ci/start-postgres} starts (it reads {@code KEYSMITH_POSTGRES_URL},
 * {@code KEYSMITH_POSTGRES_USER} and {@code KEYSMITH_POSTGRES_PASSWORD}); {@code benchmarks/run.sh} starts it.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@Warmup(iterations = 5)
@Measurement(iterations = 10)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class HibernateInsertBenchmark {

    static final int INSERTS = 20_000;
    static final int PER_TRANSACTION = 500;
    static final int POOL = 8;

    /** keysmith's {@code @Sequence}, on native sequences or on the table as {@code keysmith.sequence_store} says. */
    @Entity(name = "KeysmithItem")
    public static class KeysmithItem {
        @Id @Sequence(name = "bench_items", batch = 50) Long id;
        String label = "item";
    }

    /** Hibernate's pooled sequence with the same allocation size. */
    @Entity(name = "PooledItem")
    public static class PooledItem {
        @Id
        @GeneratedValue(strategy = GenerationType.SEQUENCE, generator = "pooled_items")
        @SequenceGenerator(name = "pooled_items", sequenceName = "pooled_items_seq", allocationSize = 50)
        Long id;
        String label = "item";
    }

    @Param({"native", "table", "pooled"})
    public String generator;

    @Param({"1x1", "2x4"})
    public String layout;

    private final List<HikariDataSource> pools = new ArrayList<>();
    private final List<SessionFactory> factories = new ArrayList<>();
    private int threadsPerFactory;
    private ExecutorService threads;
    private Supplier<Object> entities;
    private String table;

    @Setup(Level.Trial)
    public void start() {
        String[] shape = layout.split("x");
        int factoryCount = Integer.parseInt(shape[0]);
        threadsPerFactory = Integer.parseInt(shape[1]);
        boolean pooled = generator.equals("pooled");
        entities = pooled ? PooledItem::new : KeysmithItem::new;
        table = pooled ? "PooledItem" : "KeysmithItem";
        for (int f = 0; f < factoryCount; f++) {
            HikariDataSource pool = pool();
            pools.add(pool);
            Configuration configuration = new Configuration().addAnnotatedClass(pooled ? PooledItem.class
                    : KeysmithItem.class);
            configuration.getProperties().put(AvailableSettings.DATASOURCE, pool);
            configuration.setProperty(AvailableSettings.HBM2DDL_AUTO, f == 0 ? "create" : "none");
            configuration.setProperty(AvailableSettings.STATEMENT_BATCH_SIZE, "50");
            configuration.setProperty(AvailableSettings.ORDER_INSERTS, "true");
            configuration.setProperty(KeysmithSequences.STORE_PROPERTY, generator.equals("table") ? "table" : "native");
            factories.add(configuration.buildSessionFactory());
        }
        threads = Executors.newFixedThreadPool(factoryCount * threadsPerFactory);
        try (Connection connection = pools.get(0).getConnection(); Statement statement = connection.createStatement()) {
            // no autovacuum of the table in the middle of a shot: the same quiet table for every side and iteration
            statement.execute("alter table " + table + " set (autovacuum_enabled = false)");
        } catch (Exception e) {
            throw new IllegalStateException("could not prepare table " + table, e);
        }
    }

    /** Every iteration starts from an empty table (the sequences go on). */
    @Setup(Level.Iteration)
    public void emptyTable() throws Exception {
        try (Connection connection = pools.get(0).getConnection(); Statement statement = connection.createStatement()) {
            statement.execute("truncate table " + table);
        }
    }

    @TearDown(Level.Trial)
    public void stop() {
        threads.shutdownNow();
        factories.forEach(SessionFactory::close);
        pools.forEach(HikariDataSource::close);
    }

    @Benchmark
    public void insert20k() throws Exception {
        int workers = factories.size() * threadsPerFactory;
        int perWorker = INSERTS / workers;
        List<Future<?>> done = new ArrayList<>(workers);
        for (SessionFactory factory : factories) {
            for (int t = 0; t < threadsPerFactory; t++) {
                done.add(threads.submit(() -> insert(factory, perWorker)));
            }
        }
        for (Future<?> worker : done) {
            worker.get();
        }
    }

    private Void insert(SessionFactory factory, int count) {
        for (int inserted = 0; inserted < count; inserted += PER_TRANSACTION) {
            try (EntityManager em = factory.createEntityManager()) {
                em.getTransaction().begin();
                for (int i = 0; i < PER_TRANSACTION; i++) {
                    em.persist(entities.get());
                }
                em.getTransaction().commit();
            }
        }
        return null;
    }

    private static HikariDataSource pool() {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(setting("KEYSMITH_POSTGRES_URL"));
        config.setUsername(setting("KEYSMITH_POSTGRES_USER"));
        config.setPassword(setting("KEYSMITH_POSTGRES_PASSWORD"));
        config.setMaximumPoolSize(POOL);
        return new HikariDataSource(config);
    }

    static String setting(String name) {
        String value = System.getenv(name);
        if (value == null || value.isBlank()) {
            throw new IllegalStateException(name + " is not set: start PostgreSQL with eval \"$(.ci/start-postgres)\""
                    + " (benchmarks/run.sh does)");
        }
        return value;
    }
}
