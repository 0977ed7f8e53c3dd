package dev.keysmith.mongodb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.MongoBulkWriteException;
import com.mongodb.MongoWriteException;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.ReplaceOptions;
import dev.keysmith.mongodb.model.Customer;
import dev.keysmith.mongodb.model.Invoice;
import dev.keysmith.mongodb.model.Receipt;
import dev.keysmith.runtime.CounterBehindDataException;
import dev.keysmith.runtime.CounterCheck;
import dev.keysmith.runtime.CounterStatus;
import dev.keysmith.runtime.IdSpaceExhaustedException;
import dev.keysmith.runtime.testing.Concurrently;
import dev.keysmith.runtime.testing.LogCapture;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.logging.LogRecord;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import org.bson.BsonDocument;
import org.bson.BsonInt64;
import org.bson.BsonString;
import org.junit.jupiter.api.Test;

/**
 * Counters through an application's life on MongoDB: documents imported with ids of a sequence, the start-up check,
 * the resync (also per stripe and while other clients insert), a duplicate sequence id on insert, and the bound at
 * the end of the id space.
 */
class SequenceCountersTest extends MongoTestBase {

    /** Documents {@code _id} 1..100 put into {@code invoices} behind keysmith's back, as mongoimport would. */
    private List<BsonDocument> importInvoices() {
        MongoCollection<BsonDocument> invoices = database.getCollection("invoices", BsonDocument.class);
        List<BsonDocument> imported = LongStream.rangeClosed(1, 100)
                .mapToObj(id -> new BsonDocument("_id", new BsonInt64(id)).append("imported", new BsonString("#" + id)))
                .toList();
        invoices.insertMany(imported);
        return imported;
    }

    private List<BsonDocument> storedImports() {
        return database.getCollection("invoices", BsonDocument.class).find(Filters.lte("_id", 100))
                .sort(new BsonDocument("_id", new org.bson.BsonInt32(1))).into(new ArrayList<>());
    }

    private static Invoice invoice(int total) {
        return new Invoice(null, BigDecimal.valueOf(total), null, null, List.of());
    }

    private long counter(String name) {
        BsonDocument counter = database.getCollection("keysmith_counters", BsonDocument.class)
                .find(Filters.eq("_id", name)).first();
        return counter == null ? 0 : counter.getNumber("next").longValue();
    }

    private void setCounter(String name, long value) {
        database.getCollection("keysmith_counters", BsonDocument.class).replaceOne(Filters.eq("_id", name),
                new BsonDocument("_id", new BsonString(name)).append("next", new BsonInt64(value)),
                new ReplaceOptions().upsert(true));
    }

    @Test
    void afterAnImportInsertsOneByOneResyncAndSucceedAboveTheDataChangingNothingStored() {
        List<BsonDocument> imported = importInvoices();
        Repository<Invoice, Long> invoices = keysmith.repository(Invoice.class);

        List<Long> ids = new ArrayList<>();
        for (int i = 0; i < 15; i++) {
            ids.add(invoices.insert(invoice(i)).number());
        }

        assertThat(ids).doesNotHaveDuplicates().allMatch(id -> id > 100);
        assertThat(storedImports()).isEqualTo(imported);
        assertThat(invoices.count()).isEqualTo(115);
        assertThat(counter("invoices")).isGreaterThanOrEqualTo(115);
    }

    @Test
    void afterAnImportInsertAllResyncsOnceAndInsertsEveryEntityAboveTheData() {
        List<BsonDocument> imported = importInvoices();
        Repository<Invoice, Long> invoices = keysmith.repository(Invoice.class);
        List<Invoice> batch = new ArrayList<>();
        for (int i = 0; i < 25; i++) {
            batch.add(invoice(i));
        }

        List<Invoice> saved = invoices.insertAll(batch);

        assertThat(saved).extracting(Invoice::number).doesNotHaveDuplicates().allMatch(id -> id > 100);
        assertThat(storedImports()).isEqualTo(imported);
        assertThat(invoices.count()).isEqualTo(125);
    }

    @Test
    void withTheResyncOffADuplicateSequenceIdIsNamedNotTheDriversErrorAndNothingIsWritten() {
        List<BsonDocument> imported = importInvoices();
        try (Keysmith strict = Keysmith.builder(database).resyncOnDuplicateId(false).build()) {
            Repository<Invoice, Long> invoices = strict.repository(Invoice.class);

            assertThatThrownBy(() -> invoices.insert(invoice(1)))
                    .isInstanceOf(DuplicateSequenceIdException.class)
                    .isNotInstanceOf(MongoWriteException.class)
                    .hasMessageContaining("inserting Invoice into 'invoices'")
                    .hasMessageContaining("_id 1,")
                    .hasMessageContaining("sequence 'invoices'")
                    .hasMessageContaining("keysmith.resync(Invoice.class)")
                    .hasCauseInstanceOf(MongoWriteException.class)
                    .satisfies(e -> {
                        DuplicateSequenceIdException duplicate = (DuplicateSequenceIdException) e;
                        assertThat(duplicate.sequence()).isEqualTo("invoices");
                        assertThat(duplicate.id()).isEqualTo(1L);
                        assertThat(duplicate.entity()).isEqualTo(Invoice.class);
                    });
            Customer customer = new Customer();
            importCustomers();
            Repository<Customer, Long> customers = strict.repository(Customer.class);
            assertThatThrownBy(() -> customers.insert(customer)).isInstanceOf(DuplicateSequenceIdException.class)
                    .hasMessageContaining("sequence 'customers'");
            assertThat(customer.getId()).as("the caller's instance is left as it was").isNull();

            assertThatThrownBy(() -> invoices.insertAll(List.of(invoice(1), invoice(2))))
                    .isInstanceOf(DuplicateSequenceIdException.class)
                    .hasMessageContaining("sequence 'invoices'")
                    .hasCauseInstanceOf(MongoBulkWriteException.class);
        }
        assertThat(storedImports()).isEqualTo(imported);
        assertThat(database.getCollection("invoices").countDocuments()).isEqualTo(100);
    }

    private void importCustomers() {
        database.getCollection("customers", BsonDocument.class).insertMany(LongStream.rangeClosed(1, 30)
                .mapToObj(id -> new BsonDocument("_id", new BsonInt64(id))).toList());
    }

    @Test
    void theStartupCheckFailsNamingTheSequenceTheCounterTheLargestIdAndTheFix() {
        importInvoices();
        try (Keysmith checked = Keysmith.builder(database).counterCheck(CounterCheck.FAIL).build()) {
            assertThatThrownBy(() -> checked.repository(Invoice.class))
                    .isInstanceOf(CounterBehindDataException.class)
                    .hasMessageContaining("collection 'invoices'")
                    .hasMessageContaining("counter 'invoices' of sequence 'invoices' is at 0")
                    .hasMessageContaining("largest id there is 100")
                    .hasMessageContaining("keysmith.resync(Invoice.class)")
                    .hasMessageContaining("counterCheck");
            assertThat(counter("invoices")).isZero();
        }
    }

    @Test
    void theStartupCheckWarnsByDefaultOnceAndResyncsWhenAskedTo() {
        importInvoices();
        List<LogRecord> warnings;
        try (LogCapture log = LogCapture.of("dev.keysmith.mongodb.SequenceCounters")) {
            keysmith.collection(Invoice.class);
            keysmith.repository(Invoice.class);
            warnings = log.records();
        }
        assertThat(warnings).singleElement().satisfies(record -> {
            assertThat(record.getLevel()).isEqualTo(java.util.logging.Level.WARNING);
            assertThat(record.getMessage()).contains("sequence 'invoices' is at 0", "largest id there is 100",
                    "keysmith.resync(Invoice.class)");
        });
        assertThat(counter("invoices")).isZero();

        try (Keysmith resyncing = Keysmith.builder(database).counterCheck(CounterCheck.RESYNC).build()) {
            resyncing.repository(Invoice.class);
            assertThat(counter("invoices")).isEqualTo(100);
            assertThat(resyncing.repository(Invoice.class).insert(invoice(1)).number()).isEqualTo(101);
        }
    }

    /**
     * {@code keysmith.collection(T)} is the driver's own collection (docs/decisions-runtime.md: no wrapper); for a
     * counter behind its data the guard is the start-up check on its first use: {@code FAIL} refuses it before any
     * insert, {@code RESYNC} makes its {@code insertOne} go above the data, and with the default {@code WARN} its
     * {@code insertOne} reports the driver's error, as documented.
     */
    @Test
    void aPlainCollectionIsTheDriversOwnAndItsFirstUseIsWhereACounterBehindItsDataIsCaught() {
        List<BsonDocument> imported = importInvoices();

        MongoCollection<Invoice> plain = keysmith.collection(Invoice.class);
        assertThat(plain.getClass().getName()).startsWith("com.mongodb.");
        assertThatThrownBy(() -> plain.insertOne(invoice(1))).isInstanceOf(MongoWriteException.class)
                .hasMessageContaining("E11000");

        try (Keysmith failing = Keysmith.builder(database).counterCheck(CounterCheck.FAIL).build()) {
            assertThatThrownBy(() -> failing.collection(Invoice.class))
                    .isInstanceOf(CounterBehindDataException.class)
                    .hasMessageContaining("largest id there is 100")
                    .hasMessageContaining("keysmith.resync(Invoice.class)");
        }
        try (Keysmith resyncing = Keysmith.builder(database).counterCheck(CounterCheck.RESYNC).build()) {
            MongoCollection<Invoice> invoices = resyncing.collection(Invoice.class);
            assertThat(invoices.insertOne(invoice(2)).getInsertedId().asInt64().getValue()).isGreaterThan(100);
        }
        assertThat(storedImports()).isEqualTo(imported);
    }

    @Test
    void theStartupCheckIsSilentForACounterAheadOfItsDataAndCanBeTurnedOff() {
        importInvoices();
        try (Keysmith off = Keysmith.builder(database).counterCheck(CounterCheck.OFF).build()) {
            off.repository(Invoice.class); // no exception, nothing read
        }
        setCounter("invoices", 100);
        try (Keysmith checked = Keysmith.builder(database).counterCheck(CounterCheck.FAIL).build()) {
            checked.repository(Invoice.class);
            assertThat(checked.checkCounters(Invoice.class)).singleElement()
                    .satisfies(status -> assertThat(status.behind()).isFalse());
        }
    }

    @Test
    void resyncRaisesTheCounterToTheDataAndNeverLowersIt() {
        importInvoices();

        List<CounterStatus> resynced = keysmith.resync(Invoice.class);

        assertThat(resynced).singleElement().satisfies(status -> {
            assertThat(status.counterValue()).isZero();
            assertThat(status.largestId()).hasValue(100);
            assertThat(status.counterAfter()).isEqualTo(100);
        });
        assertThat(counter("invoices")).isEqualTo(100);
        setCounter("invoices", 1000);
        keysmith.resync(Invoice.class);
        assertThat(counter("invoices")).isEqualTo(1000);
        assertThatThrownBy(() -> keysmith.resync(dev.keysmith.mongodb.model.Ticket.class))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no @Sequence id");
    }

    @Test
    void stripedCountersAreResyncedEachToItsOwnRange() {
        // [1, 999] in three: [1, 333], [334, 666], [667, 999]
        database.getCollection("receipts", BsonDocument.class).insertMany(List.of(
                new BsonDocument("_id", new BsonInt64(10)), new BsonDocument("_id", new BsonInt64(400)),
                new BsonDocument("_id", new org.bson.BsonInt32(401)), new BsonDocument("_id", new BsonInt64(700))));
        setCounter("receipts#1", 200);

        keysmith.resync(Receipt.class);

        assertThat(counter("receipts#0")).isEqualTo(10);
        assertThat(counter("receipts#1")).isEqualTo(200);
        assertThat(counter("receipts#2")).isEqualTo(700 - 667 + 1);
        Repository<Receipt, Long> receipts = keysmith.repository(Receipt.class);
        Set<Long> ids = new java.util.HashSet<>();
        for (int i = 0; i < 60; i++) {
            ids.add(receipts.insert(new Receipt(null, "shop")).number());
        }
        assertThat(ids).hasSize(60).doesNotContain(10L, 400L, 401L, 700L)
                .allMatch(id -> id > 10 && id < 334 || id > 533 && id < 667 || id > 700);
    }

    @Test
    void resyncWhileFourThreadsInsertOnTwoClientsHandsOutNoIdTwiceAndFailsNoInsert() throws Exception {
        List<BsonDocument> imported = importInvoices();
        MongoClient second = mongo.newClient();
        MongoDatabase sameDatabase = second.getDatabase(database.getName());
        Set<Long> ids = ConcurrentHashMap.newKeySet();
        int perThread = 60;
        try (Keysmith other = Keysmith.create(sameDatabase)) {
            List<Keysmith> clients = List.of(keysmith, other);
            Concurrently.run(5, thread -> {
                if (thread == 4) {
                    for (int i = 0; i < 10; i++) {
                        clients.get(i % 2).resync(Invoice.class);
                    }
                    return;
                }
                Repository<Invoice, Long> invoices = clients.get(thread % 2).repository(Invoice.class);
                for (int i = 0; i < perThread; i++) {
                    if (i % 20 == 0) {
                        List<Invoice> saved = invoices.insertAll(List.of(invoice(i), invoice(i + 1)));
                        saved.forEach(invoice -> assertThat(ids.add(invoice.number())).isTrue());
                    } else {
                        assertThat(ids.add(invoices.insert(invoice(i)).number())).isTrue();
                    }
                }
            });
        }

        assertThat(ids).hasSize(4 * (perThread + 3)).allMatch(id -> id > 100);
        assertThat(storedImports()).isEqualTo(imported);
        assertThat(database.getCollection("invoices").countDocuments()).isEqualTo(100 + 4 * (perThread + 3));
    }

    @Test
    void aCounterFiveBelowTheLargestLongHandsOutFiveIdsAndIsNeverWrittenPastIt() {
        setCounter("invoices", Long.MAX_VALUE - 5);
        Repository<Invoice, Long> invoices = keysmith.repository(Invoice.class);

        List<Long> ids = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            ids.add(invoices.insert(invoice(i)).number());
        }
        assertThatThrownBy(() -> invoices.insert(invoice(6)))
                .isInstanceOf(IdSpaceExhaustedException.class)
                .hasMessageContaining("sequence 'invoices'")
                .hasMessageContaining("every id");

        assertThat(ids).containsExactly(Long.MAX_VALUE - 4, Long.MAX_VALUE - 3, Long.MAX_VALUE - 2,
                Long.MAX_VALUE - 1, Long.MAX_VALUE);
        assertThat(counter("invoices")).isEqualTo(Long.MAX_VALUE);
        assertThat(invoices.count()).isEqualTo(5);
        assertThat(ids.stream().collect(Collectors.toSet())).hasSize(5);
    }

    @Test
    void aStripeNearItsLastIdIsNeverWrittenPastIt() {
        setCounter("receipts#0", 330); // [1, 333]: ids 331..333 are left
        setCounter("receipts#1", 333);
        setCounter("receipts#2", 333);
        Repository<Receipt, Long> receipts = keysmith.repository(Receipt.class);

        List<Long> ids = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            ids.add(receipts.insert(new Receipt(null, "last")).number());
        }
        assertThatThrownBy(() -> receipts.insert(new Receipt(null, "none"))).isInstanceOf(IdSpaceExhaustedException.class);

        assertThat(ids).containsExactly(331L, 332L, 333L);
        assertThat(counter("receipts#0")).isEqualTo(333);
        assertThat(counter("receipts#1")).isEqualTo(333);
        assertThat(counter("receipts#2")).isEqualTo(333);
    }
}
