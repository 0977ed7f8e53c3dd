package dev.keysmith.mongodb.reactive;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.client.MongoClients;
import com.mongodb.event.CommandListener;
import com.mongodb.event.CommandStartedEvent;
import com.mongodb.reactivestreams.client.MongoClient;
import dev.keysmith.mongodb.DuplicateSequenceIdException;
import dev.keysmith.mongodb.reactive.model.Note;
import dev.keysmith.mongodb.reactive.model.Order;
import dev.keysmith.mongodb.reactive.model.Receipt;
import dev.keysmith.mongodb.reactive.model.Voucher;
import dev.keysmith.runtime.CounterStatus;
import dev.keysmith.runtime.MalformedCounterException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.bson.BsonDocument;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * A counter behind imported data on the reactive route, with BlockHound on (every call subscribed on Reactor's
 * non-blocking threads, the driver's threads watched): {@link ReactiveKeysmith#checkCounters} reports it without
 * changing anything, {@link ReactiveKeysmith#resync} brings it up to the data, and the repository's insert and
 * insertAll that meet a taken id resync and retry with ids above the data. The data is imported through a blocking
 * client, as a restore would write it.
 */
@Timeout(300)
class CounterResyncTest {

    private ReactiveMongo mongo;
    private String databaseName;
    private ReactiveKeysmith keysmith;
    private com.mongodb.client.MongoClient sync;

    @BeforeEach
    void start() {
        NonBlocking.install();
        mongo = ReactiveMongo.start();
        databaseName = mongo.server().freshDatabaseName();
        MongoClient client = mongo.newClient(NonBlocking::onWatchedThreads);
        keysmith = ReactiveKeysmith.create(client.getDatabase(databaseName));
        sync = MongoClients.create(mongo.server().uri());
    }

    @AfterEach
    void stop() {
        keysmith.close();
        sync.close();
        mongo.close();
    }

    @Test
    void anInsertMeetingImportedDataResyncsTheCounterAndGetsAnIdAboveTheData() {
        importInto("receipts", 1, 100);
        ReactiveRepository<Receipt, Long> receipts = keysmith.repository(Receipt.class);
        Receipt fresh = new Receipt("new");

        Receipt saved = onParallel(receipts.insert(fresh));

        assertThat(saved.id).isEqualTo(101L);
        assertThat(counter("receipts")).isEqualTo(101L);
        assertThat(texts("receipts")).hasSize(101).filteredOn(text -> text.startsWith("imported #")).hasSize(100);
        assertThat(onParallel(receipts.findById(101L)).text).isEqualTo("new");
    }

    @Test
    void insertAllMeetingATakenIdInTheMiddleKeepsWhatWentInAndSendsTheRestWithNewIds() {
        importInto("receipts", 5, 5);
        ReactiveRepository<Receipt, Long> receipts = keysmith.repository(Receipt.class);
        List<Receipt> ten = IntStream.range(0, 10).mapToObj(i -> new Receipt("r" + i)).toList();

        List<Receipt> saved = onParallel(receipts.insertAll(ten).collectList());

        // ids 1..10 were taken in order; 5 met the import: the counter was not behind (10 >= 5), so the resync raised
        // nothing, and the entities from the fifth on were sent again with 11..16
        assertThat(saved).extracting(receipt -> receipt.id).containsExactly(1L, 2L, 3L, 4L, 11L, 12L, 13L, 14L, 15L,
                16L);
        assertThat(saved).extracting(receipt -> receipt.text).containsExactly("r0", "r1", "r2", "r3", "r4", "r5", "r6",
                "r7", "r8", "r9");
        assertThat(texts("receipts")).hasSize(11).contains("imported #5");
    }

    @Test
    void insertAllOfAPrefetchedSequenceBehindItsDataGetsEveryIdAboveTheData() {
        importInto("orders", 1, 120);
        ReactiveRepository<Order, Long> orders = keysmith.repository(Order.class);
        List<Order> thirty = IntStream.range(0, 30).mapToObj(i -> new Order(null, BigDecimal.valueOf(i))).toList();

        List<Order> saved = onParallel(orders.insertAll(thirty).collectList());

        assertThat(saved).hasSize(30).extracting(Order::number).doesNotHaveDuplicates().allMatch(id -> id > 120);
        assertThat(onParallel(orders.count())).isEqualTo(150);
    }

    @Test
    void theCheckReportsEachStripeWithoutChangingAnythingAndTheResyncBringsItUpNeverDown() {
        // four counters over [1, 999999]: [1, 250000], [250001, 500000], [500001, 750000], [750001, 999999]
        importIds("vouchers", 40L, 250_100L, 999_000L);
        sync.getDatabase(databaseName).getCollection("keysmith_counters")
                .insertOne(new Document("_id", "vouchers#1").append("next", 500L));

        List<CounterStatus> checked = onParallel(keysmith.checkCounters(Voucher.class));

        assertThat(checked).extracting(CounterStatus::counter).containsExactly("vouchers#0", "vouchers#1",
                "vouchers#2", "vouchers#3");
        assertThat(checked).extracting(CounterStatus::behind).containsExactly(true, false, false, true);
        assertThat(checked.get(3).largestId()).hasValue(999_000L);
        assertThat(sync.getDatabase(databaseName).getCollection("keysmith_counters").countDocuments())
                .as("the check wrote nothing").isEqualTo(1);

        List<CounterStatus> resynced = onParallel(keysmith.resync(Voucher.class));

        assertThat(resynced).extracting(CounterStatus::counterAfter).containsExactly(40L, 500L, 0L,
                999_000L - 750_001L + 1);
        assertThat(counter("vouchers#0")).isEqualTo(40L);
        assertThat(counter("vouchers#1")).as("ahead already: never lowered").isEqualTo(500L);
        assertThat(onParallel(keysmith.checkCounters(Voucher.class))).noneMatch(CounterStatus::behind);
        Voucher next = onParallel(keysmith.repository(Voucher.class).insert(new Voucher(null, 5)));
        assertThat(next.code()).isNotIn(40L, 250_100L, 999_000L);
    }

    @Test
    void anIdTakenAgainAfterTheResyncFailsTheInsertNamingWhatTheResyncDidAndLosesNothing() {
        importInto("receipts", 1, 10);
        // something that writes ids of the sequence's space without it: as the resync raises the counter to v, it
        // takes v + 1, the id the retry will get (a client of its own, whose listener may block: not a watched one)
        MongoClient racing = mongo.newClient(settings -> settings.addCommandListener(new CommandListener() {
            @Override
            public void commandStarted(CommandStartedEvent event) {
                BsonDocument update = event.getCommand().getDocument("update", new BsonDocument());
                if (event.getCommandName().equals("findAndModify") && update.containsKey("$max")) {
                    long raisedTo = update.getDocument("$max").getNumber("next").longValue();
                    sync.getDatabase(databaseName).getCollection("receipts")
                            .insertOne(new Document("_id", raisedTo + 1).append("text", "written beside"));
                }
            }
        }));
        try (ReactiveKeysmith raced = ReactiveKeysmith.create(racing.getDatabase(databaseName))) {
            Receipt receipt = new Receipt("new");

            assertThatThrownBy(() -> raced.<Receipt, Long>repository(Receipt.class).insert(receipt).block())
                    .isInstanceOfSatisfying(DuplicateSequenceIdException.class, e -> {
                        assertThat(e.id()).isEqualTo(11L);
                        assertThat(e).hasMessageContaining("keysmith resynced the counter")
                                .hasMessageContaining("retried once with a new id, and that id was taken too")
                                .hasMessageContaining(".resync(Receipt.class)");
                    });
            assertThat(receipt.id).as("the caller's instance as it was").isNull();
            assertThat(texts("receipts")).hasSize(11).doesNotContain("new");
        }
    }

    @Test
    void aMalformedCounterIsAClearErrorAndIsLeftAsItWas() {
        importInto("receipts", 1, 3);
        sync.getDatabase(databaseName).getCollection("keysmith_counters")
                .insertOne(new Document("_id", "receipts").append("next", 2.5));

        assertThatThrownBy(() -> onParallel(keysmith.resync(Receipt.class)))
                .isInstanceOfSatisfying(MalformedCounterException.class, e -> {
                    assertThat(e.counter()).isEqualTo("receipts");
                    assertThat(e).hasMessageContaining("'" + databaseName + ".keysmith_counters'")
                            .hasMessageContaining("2.5").hasMessageContaining("left unchanged");
                });
        assertThatThrownBy(() -> onParallel(keysmith.checkCounters(Receipt.class)))
                .isInstanceOf(MalformedCounterException.class);
        assertThat(sync.getDatabase(databaseName).getCollection("keysmith_counters").find().first().get("next"))
                .isEqualTo(2.5);
    }

    @Test
    void aTypeWithoutASequenceIsRefusedAtTheCallNamingItsStrategy() {
        assertThatThrownBy(() -> keysmith.resync(Note.class)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(Note.class.getName()).hasMessageContaining("has no @Sequence id");
        assertThatThrownBy(() -> keysmith.checkCounters(Note.class)).isInstanceOf(IllegalArgumentException.class);
    }

    private <T> T onParallel(Mono<T> call) {
        return call.subscribeOn(Schedulers.parallel()).block();
    }

    private void importInto(String collection, long from, long to) {
        List<Document> documents = new ArrayList<>();
        for (long id = from; id <= to; id++) {
            documents.add(new Document("_id", id).append("text", "imported #" + id));
        }
        sync.getDatabase(databaseName).getCollection(collection).insertMany(documents);
    }

    private void importIds(String collection, Long... ids) {
        for (Long id : ids) {
            sync.getDatabase(databaseName).getCollection(collection).insertOne(new Document("_id", id)
                    .append("percent", 1));
        }
    }

    private long counter(String name) {
        return ((Number) sync.getDatabase(databaseName).getCollection("keysmith_counters")
                .find(new Document("_id", name)).first().get("next")).longValue();
    }

    private List<String> texts(String collection) {
        return sync.getDatabase(databaseName).getCollection(collection).find()
                .map(document -> document.getString("text")).into(new ArrayList<>());
    }
}
