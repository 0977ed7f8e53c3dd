package dev.keysmith.hibernate;

import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariDataSource;
import dev.keysmith.annotations.Sequence;
import jakarta.persistence.Entity;
import jakarta.persistence.EntityManager;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.SequenceGenerator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.hibernate.SessionFactory;
import org.hibernate.cfg.AvailableSettings;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * keysmith's native {@code @Sequence(batch = 50)} sends the database exactly what Hibernate's pooled sequence with
 * {@code allocationSize = 50} sends for the same inserts (the work {@code HibernateInsertBenchmark} times): the
 * same connections, commits, JDBC batches and rows, one {@code nextval} per 50 ids, and one {@code nextval} fewer
 * per factory (the pooled optimizer reads the sequence twice on its first use). Counted at the JDBC API, so every
 * count but {@code addBatch} is a round trip, and by Hibernate's statistics, which see keysmith's {@code nextval}
 * as they see the pooled sequence's.
 */
class PooledParityTest {

    private static final int INSERTS = 1_000;
    private static final int PER_TRANSACTION = 250;

    @Entity(name = "ParityKeysmithItem")
    public static class KeysmithItem {
        @Id @Sequence(name = "parity_items", batch = 50) Long id;
        String label = "item";
    }

    @Entity(name = "ParityPooledItem")
    public static class PooledItem {
        @Id
        @GeneratedValue(strategy = GenerationType.SEQUENCE, generator = "parity_pooled")
        @SequenceGenerator(name = "parity_pooled", sequenceName = "parity_pooled_seq", allocationSize = 50)
        Long id;
        String label = "item";
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(TestDatabase.class)
    void keysmithSendsWhatThePooledSequenceSendsAndOneNextvalLess(TestDatabase database) {
        TestDatabase.Target target = database.target();
        Map<String, Long> keysmith = calls(target, KeysmithItem.class, KeysmithItem::new);
        Map<String, Long> pooled = calls(target, PooledItem.class, PooledItem::new);

        int transactions = INSERTS / PER_TRANSACTION;
        assertThat(keysmith).as("keysmith's JDBC calls for %d inserts", INSERTS).containsAllEntriesOf(Map.of(
                "statistics: entity inserts", (long) INSERTS,
                "getConnection", (long) transactions,
                "commit", (long) transactions,
                "addBatch insert", (long) INSERTS,
                "executeBatch insert", (long) INSERTS / 50,
                "executeQuery nextval", (long) INSERTS / 50))
                .as("and nothing else but the prepared statements").hasSize(7);
        Map<String, Long> pooledButFirstRead = new HashMap<>(pooled);
        pooledButFirstRead.merge("executeQuery nextval", -1L, Long::sum);
        pooledButFirstRead.merge("statistics: prepared statements", -1L, Long::sum);
        assertThat(Map.copyOf(pooledButFirstRead)).as("the pooled sequence's, less its second read at start")
                .isEqualTo(keysmith);
    }

    /** The JDBC calls of {@link #INSERTS} inserts through a new factory over {@code entity}'s fresh table. */
    private static Map<String, Long> calls(TestDatabase.Target target, Class<?> entity, Supplier<Object> entities) {
        try (HikariDataSource pool = PoolTest.pool(target, 2, TimeUnit.MINUTES.toMillis(1))) {
            JdbcCalls calls = JdbcCalls.over(pool);
            try (SessionFactory factory = target.with(AvailableSettings.DATASOURCE, calls.dataSource())
                    .with(AvailableSettings.GENERATE_STATISTICS, "true").create(List.of(entity))) {
                calls.reset(); // not the schema export's
                factory.getStatistics().clear();
                for (int inserted = 0; inserted < INSERTS; inserted += PER_TRANSACTION) {
                    try (EntityManager em = factory.createEntityManager()) {
                        em.getTransaction().begin();
                        for (int i = 0; i < PER_TRANSACTION; i++) {
                            em.persist(entities.get());
                        }
                        em.getTransaction().commit();
                    }
                }
                Map<String, Long> counts = new HashMap<>(calls.counts());
                // Hibernate's own count: the nextval goes through Hibernate's statement path on both sides
                counts.put("statistics: prepared statements", factory.getStatistics().getPrepareStatementCount());
                counts.put("statistics: entity inserts", factory.getStatistics().getEntityInsertCount());
                return Map.copyOf(counts);
            }
        }
    }
}
