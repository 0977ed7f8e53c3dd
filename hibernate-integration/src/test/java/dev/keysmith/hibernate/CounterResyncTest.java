package dev.keysmith.hibernate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keysmith.annotations.Sequence;
import dev.keysmith.runtime.CounterBehindDataException;
import dev.keysmith.runtime.CounterStatus;
import dev.keysmith.runtime.testing.LogCapture;
import jakarta.persistence.Entity;
import jakarta.persistence.EntityManager;
import jakarta.persistence.Id;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.hibernate.SessionFactory;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Counters through an application's life on Hibernate ORM, on both stores (native sequences and the
 * {@code keysmith_sequences} table) and both databases: rows imported with ids of a sequence, the start-up check
 * ({@code keysmith.counter_check}), {@code KeysmithSequences.resync} (per stripe, and while two factories insert on
 * four threads), and a counter at the end of the longs.
 */
class CounterResyncTest {

    @Entity(name = "ImportedBill")
    public static class Bill {
        @Id @Sequence(name = "bills", batch = 10) Long id;
        String label;
    }

    @Entity(name = "StripedBin")
    public static class Bin {
        // [1, 999] in three: [1, 333], [334, 666], [667, 999]
        @Id @Sequence(name = "bins", batch = 5, counters = 3, digits = 3) Long id;
    }

    private static final List<Class<?>> ENTITIES = List.of(Bill.class, Bin.class);

    static Stream<Arguments> stores() {
        return Stream.of(TestDatabase.values()).flatMap(database -> Stream.of(Arguments.of(database, "native"),
                Arguments.of(database, "table")));
    }

    private static TestDatabase.Target target(TestDatabase database, String store) {
        return database.target().with(KeysmithSequences.STORE_PROPERTY, store)
                .with(KeysmithSequences.COUNTER_CHECK_PROPERTY, "off");
    }

    /** The same, with the start-up check as it is by default. */
    private static TestDatabase.Target checkedByDefault(TestDatabase.Target target) {
        Map<String, Object> settings = new java.util.HashMap<>(target.settings());
        settings.remove(KeysmithSequences.COUNTER_CHECK_PROPERTY);
        return new TestDatabase.Target(target.kind(), target.url(), target.user(), target.password(),
                Map.copyOf(settings));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("stores")
    void afterAnImportResyncBringsTheCounterUpAndInsertsGoAboveTheDataChangingNothingStored(TestDatabase database,
            String store) throws Exception {
        TestDatabase.Target target = target(database, store);
        try (SessionFactory factory = target.create(ENTITIES)) {
            persist(factory, new Bill()); // the sequence is in use: id 1, its range [1, 10] held
            importBills(target, 2, 100);
            Map<Long, String> imported = bills(target);

            assertThat(KeysmithSequences.check(factory)).filteredOn(status -> status.sequence().equals("bills"))
                    .singleElement().satisfies(status -> {
                        assertThat(status.behind()).isTrue();
                        assertThat(status.largestId()).hasValue(100);
                    });
            List<CounterStatus> resynced = KeysmithSequences.resync(factory, Bill.class);
            assertThat(resynced).singleElement().satisfies(status -> {
                assertThat(status.counter()).isEqualTo("bills");
                assertThat(status.counterAfter()).isGreaterThanOrEqualTo(100);
            });

            List<Long> ids = new ArrayList<>();
            for (int i = 0; i < 15; i++) {
                ids.add(persist(factory, new Bill()));
            }
            assertThat(ids).doesNotHaveDuplicates().allMatch(id -> id > 100);
            Map<Long, String> after = bills(target);
            imported.forEach((id, label) -> assertThat(after).containsEntry(id, label));
            assertThat(KeysmithSequences.check(factory)).noneMatch(CounterStatus::behind);
            assertThatThrownBy(() -> KeysmithSequences.resync(factory, String.class))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not an entity");
        }
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("stores")
    void theStartupCheckWarnsByDefaultFailsOrResyncsAsSet(TestDatabase database, String store) throws Exception {
        TestDatabase.Target target = target(database, store);
        try (SessionFactory creating = target.create(ENTITIES)) {
            importBills(target, 1, 100);
        }
        assertThatThrownBy(() -> target.with(KeysmithSequences.COUNTER_CHECK_PROPERTY, "fail").build(ENTITIES, "none"))
                .isInstanceOf(CounterBehindDataException.class)
                .hasMessageContaining("counter 'bills' of sequence 'bills' is at")
                .hasMessageContaining("largest id there is 100")
                .hasMessageContaining("KeysmithSequences.resync")
                .hasMessageContaining(KeysmithSequences.COUNTER_CHECK_PROPERTY);

        LogCapture log = LogCapture.of(KeysmithSequences.class.getName());
        // unset: the table's counters are checked with warn; native sequences only when asked (a nextval costs a range)
        TestDatabase.Target warning = store.equals("table") ? checkedByDefault(target)
                : target.with(KeysmithSequences.COUNTER_CHECK_PROPERTY, "warn");
        try (log; SessionFactory warned = warning.build(ENTITIES, "none")) {
            assertThat(log.records()).singleElement().satisfies(record -> assertThat(record.getMessage())
                    .contains("sequence 'bills'", "largest id there is 100", "keysmith.counter_check"));
            if (store.equals("native")) {
                log.clear();
                checkedByDefault(target).build(ENTITIES, "none").close();
                assertThat(log.records()).as("native sequences are not read at start-up unless asked").isEmpty();
            }
        }

        try (SessionFactory resyncing = target.with(KeysmithSequences.COUNTER_CHECK_PROPERTY, "resync")
                .build(ENTITIES, "none")) {
            assertThat(persist(resyncing, new Bill())).isGreaterThan(100);
        }
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("stores")
    void stripedCountersAreResyncedEachToItsOwnRange(TestDatabase database, String store) throws Exception {
        TestDatabase.Target target = target(database, store);
        try (SessionFactory factory = target.create(ENTITIES)) {
            try (Connection connection = target.connect(); Statement insert = connection.createStatement()) {
                for (long id : new long[] {10, 400, 401, 700}) {
                    insert.executeUpdate("insert into StripedBin (id) values (" + id + ")");
                }
            }

            List<CounterStatus> resynced = KeysmithSequences.resync(factory, Bin.class);

            assertThat(resynced).extracting(CounterStatus::counter).containsExactly("bins#0", "bins#1", "bins#2");
            assertThat(resynced).extracting(status -> status.largestId().getAsLong()).containsExactly(10L, 401L,
                    700L);
            assertThat(resynced.get(0).counterAfter()).isGreaterThanOrEqualTo(10);
            assertThat(resynced.get(1).counterAfter()).isGreaterThanOrEqualTo(401 - 334 + 1);
            assertThat(resynced.get(2).counterAfter()).isGreaterThanOrEqualTo(700 - 667 + 1);
            if (store.equals("table")) {
                try (Connection connection = target.connect()) {
                    assertThat(counter(connection, "bins#0")).isEqualTo(10);
                    assertThat(counter(connection, "bins#1")).isEqualTo(68);
                    assertThat(counter(connection, "bins#2")).isEqualTo(34);
                }
            }
            Set<Long> ids = new java.util.HashSet<>();
            for (int i = 0; i < 30; i++) {
                ids.add(persist(factory, new Bin()));
            }
            assertThat(ids).hasSize(30)
                    .allMatch(id -> id > 10 && id < 334 || id > 401 && id < 667 || id > 700 && id <= 999);
        }
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("stores")
    void resyncWhileFourThreadsInsertOnTwoFactoriesHandsOutNoIdTwiceAndFailsNoInsert(TestDatabase database,
            String store) throws Exception {
        TestDatabase.Target target = target(database, store);
        SessionFactory first = target.create(ENTITIES);
        SessionFactory second = target.build(ENTITIES, "none");
        Set<Long> ids = ConcurrentHashMap.newKeySet();
        Set<Long> imported = ConcurrentHashMap.newKeySet();
        int perThread = 100;
        try {
            CyclicBarrier start = new CyclicBarrier(5);
            ExecutorService pool = Executors.newFixedThreadPool(5);
            List<Future<?>> workers = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                SessionFactory factory = t % 2 == 0 ? first : second;
                workers.add(pool.submit(() -> {
                    start.await();
                    for (int i = 0; i < perThread; i++) {
                        long id = persist(factory, new Bill());
                        assertThat(ids.add(id)).as("id %s twice", id).isTrue();
                    }
                    return null;
                }));
            }
            workers.add(pool.submit(() -> {
                start.await();
                for (int round = 0; round < 5; round++) {
                    // rows imported ahead of every range reserved so far, then a resync. Ahead of the counter as it
                    // is now, read from the database: a native sequence is raised by one nextval with a larger
                    // increment, and the workers' nextvals in that instant take the larger step too, so a resync
                    // may leave the sequence several times past the data (never behind it). Between that read and
                    // the import the workers only take their ordinary steps: a few ranges, far fewer than a million.
                    long ahead = counterNow(target, store) + 1_000_000;
                    importBills(target, ahead, ahead + 4);
                    for (long id = ahead; id <= ahead + 4; id++) {
                        imported.add(id);
                    }
                    KeysmithSequences.resync(round % 2 == 0 ? first : second, Bill.class);
                }
                return null;
            }));
            for (Future<?> worker : workers) {
                worker.get(5, TimeUnit.MINUTES);
            }
            pool.shutdown();
        } finally {
            first.close();
            second.close();
        }
        assertThat(ids).hasSize(4 * perThread).doesNotContainAnyElementsOf(imported);
        assertThat(bills(target)).hasSize(4 * perThread + imported.size());
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("stores")
    void aCounterNearTheLargestLongIsNeverWrittenPastIt(TestDatabase database, String store) throws Exception {
        TestDatabase.Target target = target(database, store);
        try (SessionFactory factory = target.create(ENTITIES)) {
            try (Connection connection = target.connect(); Statement statement = connection.createStatement()) {
                if (store.equals("table")) {
                    statement.executeUpdate("insert into keysmith_sequences (seq_name, next_val) values ('bills', "
                            + (Long.MAX_VALUE - 5) + ")");
                } else {
                    // nextval returns n, whose range is the ids [n, n + 9]: the ids left are MAX - 5 .. MAX
                    statement.execute("alter sequence keysmith_bills restart with " + (Long.MAX_VALUE - 5));
                }
            }
            List<Long> ids = new ArrayList<>();
            int left = store.equals("table") ? 5 : 6;
            for (int i = 0; i < left; i++) {
                ids.add(persist(factory, new Bill()));
            }
            assertThatThrownBy(() -> persist(factory, new Bill()))
                    .isInstanceOf(SequenceAllocationException.class)
                    .hasMessageContaining("sequence 'bills' has handed out every id");
            assertThat(ids).doesNotHaveDuplicates().allMatch(id -> id > Long.MAX_VALUE - 6)
                    .contains(Long.MAX_VALUE);
            if (store.equals("table")) {
                try (Connection connection = target.connect()) {
                    assertThat(counter(connection, "bills")).isEqualTo(Long.MAX_VALUE);
                }
            }
            assertThat(bills(target)).hasSize(left);
        }
    }

    private static long persist(SessionFactory factory, Object entity) {
        try (EntityManager em = factory.createEntityManager()) {
            em.getTransaction().begin();
            em.persist(entity);
            em.getTransaction().commit();
        }
        return entity instanceof Bill bill ? bill.id : ((Bin) entity).id;
    }

    private static void importBills(TestDatabase.Target target, long from, long to) throws SQLException {
        try (Connection connection = target.connect();
                PreparedStatement insert = connection.prepareStatement(
                        "insert into ImportedBill (id, label) values (?, ?)")) {
            for (long id = from; id <= to; id++) {
                insert.setLong(1, id);
                insert.setString(2, "imported #" + id);
                insert.addBatch();
            }
            insert.executeBatch();
        }
    }

    private static Map<Long, String> bills(TestDatabase.Target target) throws SQLException {
        Map<Long, String> bills = new TreeMap<>();
        try (Connection connection = target.connect(); Statement select = connection.createStatement();
                ResultSet rows = select.executeQuery("select id, label from ImportedBill")) {
            while (rows.next()) {
                bills.put(rows.getLong(1), rows.getString(2));
            }
        }
        return bills;
    }

    /** The largest value the counter of 'bills' has reached: its row's next value, or one more of its sequence. */
    private static long counterNow(TestDatabase.Target target, String store) throws SQLException {
        String sql = store.equals("table") ? "select next_val from keysmith_sequences where seq_name = 'bills'"
                : target.kind() == TestDatabase.POSTGRESQL ? "select nextval('keysmith_bills')"
                : "select next value for keysmith_bills";
        try (Connection connection = target.connect(); Statement select = connection.createStatement();
                ResultSet row = select.executeQuery(sql)) {
            return row.next() ? row.getLong(1) : 0; // no row yet: nothing reserved
        }
    }

    private static long counter(Connection connection, String name) throws SQLException {
        try (PreparedStatement select = connection.prepareStatement(
                "select next_val from keysmith_sequences where seq_name = ?")) {
            select.setString(1, name);
            try (ResultSet row = select.executeQuery()) {
                assertThat(row.next()).as("row of counter %s", name).isTrue();
                return row.getLong(1);
            }
        }
    }
}
