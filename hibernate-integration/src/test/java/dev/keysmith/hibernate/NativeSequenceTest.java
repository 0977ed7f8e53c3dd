package dev.keysmith.hibernate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keysmith.hibernate.SequenceTableTest.Receipt;
import dev.keysmith.hibernate.SequenceTableTest.Ticket;
import dev.keysmith.hibernate.SequenceTableTest.Voucher;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.hibernate.SessionFactory;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Native sequences (the default on H2 and PostgreSQL): two session factories (two processes as far as the
 * database can tell) with four threads never hand out an id twice, and a rolled-back transaction does not give
 * its range back.
 */
class NativeSequenceTest {

    private static final int THREADS = 4;
    private static final int ENTITIES = 20_000;
    private static final List<Class<?>> ENTITY_TYPES = List.of(Ticket.class, Receipt.class, Voucher.class);

    @ParameterizedTest(name = "{0}")
    @EnumSource(TestDatabase.class)
    void fourThreadsOverTwoFactoriesNeverShareAnId(TestDatabase database) throws Exception {
        TestDatabase.Target target = database.target();
        try (SessionFactory first = target.create(ENTITY_TYPES);
                SessionFactory second = target.build(ENTITY_TYPES, "none")) {
            Set<Long> ids = ConcurrentHashMap.newKeySet();
            CountDownLatch start = new CountDownLatch(1);
            ExecutorService pool = Executors.newFixedThreadPool(THREADS);
            List<Future<?>> workers = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                SessionFactory factory = t % 2 == 0 ? first : second;
                workers.add(pool.submit(() -> {
                    start.await();
                    SequenceTableTest.insertTickets(factory, ENTITIES / THREADS, ids);
                    return null;
                }));
            }
            start.countDown();
            for (Future<?> worker : workers) {
                worker.get(5, TimeUnit.MINUTES);
            }
            pool.shutdown();

            assertThat(ids).as("distinct ids handed out").hasSize(ENTITIES);
            // Each factory may leave the rest of one range of 50 unused: ids stay below 20,000 + 2 ranges.
            assertThat(ids).allSatisfy(id -> assertThat(id).isBetween(1L, (long) ENTITIES + 2 * 50));
            try (Connection connection = target.connect()) {
                assertThat(SequenceTableTest.count(connection, "select count(distinct id) from Ticket"))
                        .isEqualTo(ENTITIES);
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(TestDatabase.class)
    void rolledBackTransactionDoesNotGiveItsIdsBack(TestDatabase database) {
        TestDatabase.Target target = database.target();
        try (SessionFactory factory = target.create(ENTITY_TYPES)) {
            assertThat(SequenceTableTest.persistAndRollBack(factory, new Receipt())).isEqualTo(1);
            assertThat(SequenceTableTest.persist(factory, new Receipt())).as("batch = 1: the next id after a rollback")
                    .isEqualTo(2);
            assertThat(SequenceTableTest.persistAndRollBack(factory, new Voucher())).isEqualTo(1);
            // A second factory (another process) starts after the range the rolled-back transaction reserved.
            try (SessionFactory other = target.build(ENTITY_TYPES, "none")) {
                assertThat(SequenceTableTest.persist(other, new Voucher())).isEqualTo(51);
            }
        }
    }
}
