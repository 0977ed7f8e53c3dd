package dev.keysmith.hibernate;

import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.keysmith.annotations.Sequence;
import jakarta.persistence.Entity;
import jakarta.persistence.EntityManager;
import jakarta.persistence.Id;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import org.hibernate.SessionFactory;
import org.hibernate.cfg.AvailableSettings;
import org.junit.jupiter.api.Test;

/**
 * The database goes away and comes back (every connection to PostgreSQL cut by a proxy, then accepted again on
 * the same port) while 16 threads insert through one session factory with a 2 s pool timeout: every thread is
 * answered with a failure while it is away (the database stays away until each has been, so none hangs through an
 * outage), inserts succeed again afterwards without restarting the application, and no id is handed out twice.
 * The outage follows these counts, not a clock: nothing here depends on how fast the machine is.
 *
 * <p>PostgreSQL, because its driver reports a broken connection with SQLSTATE class 08, from which HikariCP knows
 * to evict it; H2's remote driver reports it as "database is already closed" (90121), so HikariCP would hand the
 * broken connections out again and again, which is a property of that pairing, not of keysmith.
 */
class OutageTest {

    private static final int THREADS = 16;
    private static final long TIMEOUT_MILLIS = 2_000;
    private static final int PER_TRANSACTION = 10;
    /** Only a guard against a hang: the test waits for counts, and ends far sooner on any machine. */
    private static final long HANG_GUARD_SECONDS = 120;
    private static final Pattern HOST_AND_PORT = Pattern.compile("//([^/:]+):(\\d+)/");

    @Entity(name = "OutageOrder")
    public static class OutageOrder {
        @Id @Sequence(name = "outage_orders", batch = 50) Long id;
    }

    @Test
    void everyThreadIsAnsweredWithAFailureDuringAnOutageAndInsertsFlowAgainAfterIt() throws Exception {
        TestDatabase.Target postgres = TestDatabase.POSTGRESQL.target();
        Matcher address = HOST_AND_PORT.matcher(postgres.url());
        assertThat(address.find()).as("host and port in %s", postgres.url()).isTrue();
        TcpProxy proxy = new TcpProxy(Integer.parseInt(address.group(2)));
        String url = address.replaceFirst("//127.0.0.1:" + proxy.port() + "/");
        TestDatabase.Target target = new TestDatabase.Target(TestDatabase.POSTGRESQL, url, postgres.user(),
                postgres.password(), Map.of());
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(url);
        config.setUsername(target.user());
        config.setPassword(target.password());
        config.setMaximumPoolSize(THREADS);
        config.setConnectionTimeout(TIMEOUT_MILLIS);
        Set<Long> committed = ConcurrentHashMap.newKeySet();
        Queue<Long> handedOut = new ConcurrentLinkedQueue<>(); // every id persist got, committed or not
        AtomicLong failures = new AtomicLong();
        AtomicLong committedBeforeOutage = new AtomicLong();
        AtomicIntegerArray failedWhileCut = new AtomicIntegerArray(THREADS);
        AtomicBoolean cut = new AtomicBoolean();
        AtomicLong committedAfterRestart = new AtomicLong();
        AtomicBoolean restarted = new AtomicBoolean();
        AtomicBoolean stop = new AtomicBoolean();
        try (HikariDataSource pool = new HikariDataSource(config);
                SessionFactory factory = target.with(AvailableSettings.DATASOURCE, pool)
                        .create(List.of(OutageOrder.class))) {
            CountDownLatch start = new CountDownLatch(1);
            ExecutorService threads = Executors.newFixedThreadPool(THREADS);
            List<Future<?>> workers = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                int worker = t;
                workers.add(threads.submit(() -> {
                    start.await();
                    while (!stop.get()) {
                        boolean afterRestart = restarted.get();
                        boolean duringOutage = cut.get();
                        try {
                            List<Long> ids = insert(factory, handedOut);
                            committed.addAll(ids);
                            if (afterRestart) {
                                committedAfterRestart.incrementAndGet();
                            } else if (!duringOutage) {
                                committedBeforeOutage.incrementAndGet();
                            }
                        } catch (RuntimeException e) {
                            failures.incrementAndGet();
                            if (duringOutage && !restarted.get()) {
                                failedWhileCut.incrementAndGet(worker);
                            }
                        }
                    }
                    return null;
                }));
            }
            start.countDown();
            awaitAtLeast("transactions committed before the outage", committedBeforeOutage::get, THREADS);
            cut.set(true);
            proxy.cut();
            awaitAtLeast("threads answered with a failure during the outage", () -> IntStream.range(0, THREADS)
                    .filter(t -> failedWhileCut.get(t) > 0).count(), THREADS);
            proxy.restore();
            restarted.set(true);
            awaitAtLeast("transactions committed after the outage", committedAfterRestart::get, THREADS);
            stop.set(true);
            for (Future<?> worker : workers) {
                worker.get(1, TimeUnit.MINUTES);
            }
            threads.shutdown();

            assertThat(failures.get()).as("inserts failed while the database was away").isPositive();
            assertThat(committedAfterRestart.get()).as("transactions committed after the outage")
                    .isGreaterThanOrEqualTo(THREADS);
            assertThat(Set.copyOf(handedOut)).as("distinct ids among all handed out").hasSize(handedOut.size());
            try (Connection connection = target.connect()) {
                // A commit whose answer was lost in the outage is in the table but not in 'committed'.
                assertThat(SequenceTableTest.count(connection, "select count(*) from OutageOrder"))
                        .as("rows: every committed transaction's").isGreaterThanOrEqualTo(committed.size());
            }
        } finally {
            proxy.close();
        }
    }

    private static void awaitAtLeast(String what, LongSupplier value, long target) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(HANG_GUARD_SECONDS);
        while (value.getAsLong() < target && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertThat(value.getAsLong()).as("%s (waited at most %d s for it)", what, HANG_GUARD_SECONDS)
                .isGreaterThanOrEqualTo(target);
    }

    private static List<Long> insert(SessionFactory factory, Queue<Long> handedOut) {
        try (EntityManager em = factory.createEntityManager()) {
            em.getTransaction().begin();
            List<OutageOrder> orders = new ArrayList<>();
            try {
                for (int i = 0; i < PER_TRANSACTION; i++) {
                    OutageOrder order = new OutageOrder();
                    em.persist(order);
                    handedOut.add(order.id);
                    orders.add(order);
                }
                em.getTransaction().commit();
            } finally {
                if (em.getTransaction().isActive()) {
                    em.getTransaction().rollback();
                }
            }
            return orders.stream().map(order -> order.id).toList();
        }
    }
}
