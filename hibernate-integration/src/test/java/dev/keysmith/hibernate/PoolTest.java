package dev.keysmith.hibernate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.keysmith.annotations.Sequence;
import jakarta.persistence.Entity;
import jakarta.persistence.EntityManager;
import jakarta.persistence.Id;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.hibernate.SessionFactory;
import org.hibernate.cfg.AvailableSettings;
import org.hibernate.exception.JDBCConnectionException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Native sequences need no connection beside the session's own: with a HikariCP pool of 10 (Spring Boot's
 * default), 10 transactions that each save 200 entities commit together, and a pool of 1 works. The table store
 * needs a second connection, and a pool without one is reported as such.
 */
class PoolTest {

    private static final int THREADS = 10;
    private static final int PER_TRANSACTION = 200;

    @Entity(name = "PoolOrder")
    public static class Order {
        @Id @Sequence(name = "pooled_orders", batch = 50) Long id;
        String item = "book";
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(TestDatabase.class)
    void tenTransactionsOnAPoolOfTenCommitTogether(TestDatabase database) throws Exception {
        TestDatabase.Target target = database.target();
        // the pool opens its connections one at a time: waiting for the tenth is a hang guard here, not a claim
        try (HikariDataSource pool = pool(target, THREADS, TimeUnit.MINUTES.toMillis(1));
                SessionFactory factory = target.with(AvailableSettings.DATASOURCE, pool).create(List.of(Order.class))) {
            Set<Long> ids = ConcurrentHashMap.newKeySet();
            CyclicBarrier start = new CyclicBarrier(THREADS);
            ExecutorService threads = Executors.newFixedThreadPool(THREADS);
            try {
                List<Future<?>> transactions = new ArrayList<>();
                for (int t = 0; t < THREADS; t++) {
                    transactions.add(threads.submit(() -> {
                        try (EntityManager em = factory.createEntityManager()) {
                            try {
                                em.getTransaction().begin(); // takes this thread's connection from the pool
                            } catch (RuntimeException e) {
                                start.reset(); // the others stop waiting: this failure is the one to report
                                throw e;
                            }
                            start.await(60, TimeUnit.SECONDS); // every connection of the pool is taken now (hang guard)
                            List<Order> orders = new ArrayList<>();
                            for (int i = 0; i < PER_TRANSACTION; i++) {
                                Order order = new Order();
                                em.persist(order);
                                orders.add(order);
                            }
                            em.getTransaction().commit();
                            orders.forEach(order -> ids.add(order.id));
                        }
                        return null;
                    }));
                }
                ExecutionException failed = null; // the first failure that is not another's broken barrier
                for (Future<?> transaction : transactions) {
                    try {
                        transaction.get(2, TimeUnit.MINUTES); // hang guard
                    } catch (ExecutionException e) {
                        failed = failed != null || e.getCause() instanceof BrokenBarrierException ? failed : e;
                    }
                }
                if (failed != null) {
                    throw failed;
                }
            } finally {
                threads.shutdownNow();
            }
            assertThat(ids).hasSize(THREADS * PER_TRANSACTION);
            try (Connection connection = target.connect()) {
                assertThat(SequenceTableTest.count(connection, "select count(distinct id) from PoolOrder"))
                        .isEqualTo(THREADS * PER_TRANSACTION);
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(TestDatabase.class)
    void aPoolOfOneWorksWithNativeSequences(TestDatabase database) throws Exception {
        TestDatabase.Target target = database.target();
        try (HikariDataSource pool = pool(target, 1, TimeUnit.MINUTES.toMillis(1));
                SessionFactory factory = target.with(AvailableSettings.DATASOURCE, pool).create(List.of(Order.class))) {
            for (int transaction = 0; transaction < 2; transaction++) {
                try (EntityManager em = factory.createEntityManager()) {
                    em.getTransaction().begin();
                    for (int i = 0; i < PER_TRANSACTION; i++) {
                        em.persist(new Order());
                    }
                    em.getTransaction().commit();
                }
            }
            try (Connection connection = target.connect()) {
                assertThat(SequenceTableTest.count(connection, "select count(distinct id) from PoolOrder"))
                        .isEqualTo(2 * PER_TRANSACTION);
                assertThat(SequenceTableTest.count(connection, "select max(id) from PoolOrder"))
                        .isEqualTo(2 * PER_TRANSACTION);
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(TestDatabase.class)
    void theTableStoreReportsAPoolWithoutASecondConnection(TestDatabase database) {
        TestDatabase.Target target = database.target().withTableStore();
        // the second connection is never given: the pool says so after its timeout, kept short
        try (HikariDataSource pool = pool(target, 1, TimeUnit.SECONDS.toMillis(2));
                SessionFactory factory = target.with(AvailableSettings.DATASOURCE, pool).create(List.of(Order.class));
                EntityManager em = factory.createEntityManager()) {
            em.getTransaction().begin();
            assertThatThrownBy(() -> em.persist(new Order()))
                    .isInstanceOf(JDBCConnectionException.class)
                    .hasMessageContaining("counter 'pooled_orders' in table keysmith_sequences needs a connection of "
                            + "its own")
                    .hasMessageContaining("the pool had none to give")
                    .hasMessageNotContaining("create it");
            em.getTransaction().rollback();
        }
    }

    static HikariDataSource pool(TestDatabase.Target target, int size, long connectionTimeoutMillis) {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(target.url());
        config.setUsername(target.user());
        config.setPassword(target.password());
        config.setMaximumPoolSize(size);
        config.setConnectionTimeout(connectionTimeoutMillis);
        return new HikariDataSource(config);
    }
}
