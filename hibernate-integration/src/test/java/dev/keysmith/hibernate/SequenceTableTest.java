package dev.keysmith.hibernate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keysmith.annotations.Sequence;
import dev.keysmith.hibernate.internal.KeysmithSequenceRow;
import jakarta.persistence.Entity;
import jakarta.persistence.EntityManager;
import jakarta.persistence.Id;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.HashSet;
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
 * The table store ({@code keysmith.sequence_store = table}, the default on databases without sequences): sequences
 * reserved in {@code keysmith_sequences} from two session factories (two processes as far as the database can tell)
 * never hand out an id twice, reserve whole batches (one per reservation with {@code keysmith.prefetch_batches = 1}),
 * and a rolled-back transaction does not give its range back.
 */
class SequenceTableTest {

    private static final int THREADS = 4;
    private static final int FACTORIES = 2;
    private static final int ENTITIES = 20_000;
    private static final int PER_TRANSACTION = 500;
    private static final int BATCH = 50;

    @Entity(name = "Ticket")
    public static class Ticket {
        @Id @Sequence(name = "tickets", batch = BATCH) Long id;
        String label;
    }

    @Entity(name = "Receipt")
    public static class Receipt {
        @Id @Sequence(name = "receipts", batch = 1) Long id;
    }

    @Entity(name = "Voucher")
    public static class Voucher {
        @Id @Sequence(name = "vouchers", batch = BATCH, prefetch = false) Long id;
    }

    @Entity(name = "Parcel")
    public static class Parcel {
        @Id @Sequence(batch = 1) long id;
    }

    @Entity(name = "Crate")
    public static class Crate {
        @Id @Sequence(batch = 5, counters = 3, digits = 4) Integer id;
    }

    @Entity(name = "Pallet")
    public static class Pallet {
        @Id @Sequence(name = "pallets-closing", batch = 4) Long id;
    }

    private static final List<Class<?>> ENTITY_TYPES = List.of(Ticket.class, Receipt.class, Voucher.class);

    @ParameterizedTest(name = "{0}")
    @EnumSource(TestDatabase.class)
    void fourThreadsOverTwoFactoriesNeverShareAnIdAndReserveWholeBatches(TestDatabase database) throws Exception {
        // at the default keysmith.prefetch_batches a fast sequence reserves up to 16 batches at once
        fourThreadsOverTwoFactories(database.target().withTableStore(), ENTITIES, 16);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(TestDatabase.class)
    void withPrefetchBatchesOneEachReservationIsOneBatch(TestDatabase database) throws Exception {
        fourThreadsOverTwoFactories(database.target().withTableStore()
                .with(KeysmithSequences.PREFETCH_BATCHES_PROPERTY, "1"), THREADS * 2 * PER_TRANSACTION, 1);
    }

    private static void fourThreadsOverTwoFactories(TestDatabase.Target target, int entities, int maxBatches)
            throws Exception {
        SessionFactory first = target.create(ENTITY_TYPES);
        SessionFactory second = target.build(ENTITY_TYPES, "none");
        try {
            Set<Long> ids = ConcurrentHashMap.newKeySet();
            CountDownLatch start = new CountDownLatch(1);
            ExecutorService pool = Executors.newFixedThreadPool(THREADS);
            List<Future<?>> workers = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                SessionFactory factory = t % FACTORIES == 0 ? first : second;
                workers.add(pool.submit(() -> {
                    start.await();
                    insertTickets(factory, entities / THREADS, ids);
                    return null;
                }));
            }
            start.countDown();
            for (Future<?> worker : workers) {
                worker.get(5, TimeUnit.MINUTES);
            }
            pool.shutdown();

            assertThat(ids).as("distinct ids handed out").hasSize(entities);
            try (Connection connection = target.connect()) {
                assertThat(count(connection, "select count(distinct id) from Ticket")).isEqualTo(entities);
                long reserved = counterValue(connection, "tickets");
                assertThat(reserved % BATCH).as("every reservation takes whole batches").isZero();
                // Each factory may end with its current range partly used and one prefetched range unused, each of
                // at most maxBatches batches.
                assertThat(reserved / BATCH).as("batches reserved for %d ids in batches of %d", entities, BATCH)
                        .isBetween((long) entities / BATCH, (long) entities / BATCH + 2L * FACTORIES * maxBatches);
                assertThat(ids).allSatisfy(id -> assertThat(id).isBetween(1L, reserved));
            }
        } finally {
            first.close();
            second.close();
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(TestDatabase.class)
    void rolledBackTransactionDoesNotGiveItsIdsBack(TestDatabase database) throws Exception {
        TestDatabase.Target target = database.target().withTableStore();
        try (SessionFactory factory = target.create(ENTITY_TYPES)) {
            long rolledBack = persistAndRollBack(factory, new Receipt());
            long committed = persist(factory, new Receipt());
            assertThat(rolledBack).isEqualTo(1);
            assertThat(committed).as("batch = 1: the next id after a rollback").isEqualTo(2);

            long rolledBackVoucher = persistAndRollBack(factory, new Voucher());
            assertThat(rolledBackVoucher).isEqualTo(1);
            try (Connection connection = target.connect()) {
                assertThat(counterValue(connection, "receipts")).isEqualTo(2);
                assertThat(counterValue(connection, "vouchers")).as("the reserved range stays reserved")
                        .isEqualTo(BATCH);
            }
            // A second factory (another process) starts after the range the rolled-back transaction reserved.
            try (SessionFactory other = target.build(ENTITY_TYPES, "none")) {
                assertThat(persist(other, new Voucher())).isEqualTo(BATCH + 1);
            }
        }
    }

    /** Quarkus lists the table's entity in the model itself (it must know every entity at build time). */
    @ParameterizedTest(name = "{0}")
    @EnumSource(TestDatabase.class)
    void theTableAlreadyInTheModelIsNotContributedTwice(TestDatabase database) throws Exception {
        TestDatabase.Target target = database.target().withTableStore();
        try (SessionFactory factory = target.create(List.of(Parcel.class, KeysmithSequenceRow.class))) {
            assertThat(persist(factory, new Parcel())).isEqualTo(1);
            try (Connection connection = target.connect()) {
                assertThat(counterValue(connection, "Parcel")).isEqualTo(1);
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(TestDatabase.class)
    void sequenceNameDefaultsToTheEntityNameAndStripedCountersGetOneRowEach(TestDatabase database) throws Exception {
        TestDatabase.Target target = database.target().withTableStore();
        try (SessionFactory factory = target.create(List.of(Parcel.class, Crate.class))) {
            assertThat(persist(factory, new Parcel())).isEqualTo(1);
            Set<Integer> crates = new HashSet<>();
            for (int i = 0; i < 30; i++) {
                Crate crate = new Crate();
                try (EntityManager em = factory.createEntityManager()) {
                    em.getTransaction().begin();
                    em.persist(crate);
                    em.getTransaction().commit();
                }
                crates.add(crate.id);
            }
            assertThat(crates).hasSize(30).allSatisfy(id -> assertThat(id).isBetween(1, 9999));
            try (Connection connection = target.connect()) {
                assertThat(counterValue(connection, "Parcel")).isEqualTo(1);
                long striped = count(connection,
                        "select count(*) from keysmith_sequences where seq_name like 'Crate#%'");
                assertThat(striped).as("rows of the 3 counters of Crate that were used").isBetween(1L, 3L);
                assertThat(count(connection, "select count(*) from keysmith_sequences where seq_name = 'Crate'"))
                        .as("a striped sequence has no row under its bare name").isZero();
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(TestDatabase.class)
    void closingTheFactoryStopsTheBackgroundPrefetch(TestDatabase database) throws Exception {
        Set<Thread> before = prefetchThreads();
        SessionFactory factory = database.target().withTableStore().create(List.of(Pallet.class));
        Set<Thread> started;
        try {
            for (int i = 0; i < 3; i++) {
                persist(factory, new Pallet());
            }
            started = prefetchThreads();
            started.removeAll(before);
            assertThat(started).as("three of four ids used: the next range is prefetched on the factory's thread")
                    .hasSize(1);
        } finally {
            factory.close();
        }
        // The prefetch thread would idle on its own for a while; closing the factory shuts it down at once.
        for (Thread thread : started) {
            thread.join(TimeUnit.SECONDS.toMillis(10));
            assertThat(thread.isAlive()).as("prefetch thread after the factory closed").isFalse();
        }
    }

    private static Set<Thread> prefetchThreads() {
        Set<Thread> threads = new HashSet<>();
        for (Thread thread : Thread.getAllStackTraces().keySet()) {
            if (thread.isAlive() && thread.getName().startsWith("keysmith-prefetch-")) {
                threads.add(thread);
            }
        }
        return threads;
    }

    static void insertTickets(SessionFactory factory, int count, Set<Long> ids) {
        for (int done = 0; done < count; done += PER_TRANSACTION) {
            try (EntityManager em = factory.createEntityManager()) {
                em.getTransaction().begin();
                List<Ticket> tickets = new ArrayList<>();
                for (int i = 0; i < PER_TRANSACTION; i++) {
                    Ticket ticket = new Ticket();
                    ticket.label = "ticket";
                    em.persist(ticket);
                    tickets.add(ticket);
                }
                em.getTransaction().commit();
                tickets.forEach(ticket -> ids.add(ticket.id));
            }
        }
    }

    static long persistAndRollBack(SessionFactory factory, Object entity) {
        try (EntityManager em = factory.createEntityManager()) {
            em.getTransaction().begin();
            em.persist(entity);
            em.flush();
            em.getTransaction().rollback();
            return ((Number) factory.getPersistenceUnitUtil().getIdentifier(entity)).longValue();
        }
    }

    static long persist(SessionFactory factory, Object entity) {
        try (EntityManager em = factory.createEntityManager()) {
            em.getTransaction().begin();
            em.persist(entity);
            em.getTransaction().commit();
            return ((Number) factory.getPersistenceUnitUtil().getIdentifier(entity)).longValue();
        }
    }

    static long counterValue(Connection connection, String counter) throws Exception {
        try (PreparedStatement select = connection.prepareStatement(
                "select next_val from keysmith_sequences where seq_name = ?")) {
            select.setString(1, counter);
            try (ResultSet row = select.executeQuery()) {
                assertThat(row.next()).as("row of counter %s", counter).isTrue();
                return row.getLong(1);
            }
        }
    }

    static long count(Connection connection, String sql) throws Exception {
        try (PreparedStatement select = connection.prepareStatement(sql); ResultSet row = select.executeQuery()) {
            row.next();
            return row.getLong(1);
        }
    }
}
