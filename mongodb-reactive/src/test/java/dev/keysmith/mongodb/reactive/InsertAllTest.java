package dev.keysmith.mongodb.reactive;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.client.MongoClients;
import com.mongodb.event.CommandListener;
import com.mongodb.event.CommandStartedEvent;
import com.mongodb.reactivestreams.client.MongoClient;
import dev.keysmith.mongodb.DuplicateSequenceIdException;
import dev.keysmith.mongodb.reactive.model.Order;
import dev.keysmith.mongodb.reactive.model.Player;
import dev.keysmith.mongodb.reactive.model.Receipt;
import dev.keysmith.runtime.RandomIdExhaustedException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.IntStream;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import reactor.core.scheduler.Schedulers;

/**
 * {@link ReactiveRepository#insertAll} with BlockHound on: one {@code insertMany}, {@code @RandomId} collisions
 * drawn again, a {@code @Sequence} id already taken reported as {@link DuplicateSequenceIdException} when the resync on
 * a duplicate is off (the resync and retry: {@link CounterResyncTest}), and whatever
 * fails leaves nothing of the call stored and the caller's instances as they were.
 */
@Timeout(300)
class InsertAllTest {

    private ReactiveMongo mongo;
    private String databaseName;
    private ReactiveKeysmith keysmith;
    private ReactiveKeysmith withoutResync;
    private com.mongodb.client.MongoClient sync;
    private final List<String> inserts = new CopyOnWriteArrayList<>();

    @BeforeEach
    void start() {
        NonBlocking.install();
        mongo = ReactiveMongo.start();
        databaseName = mongo.server().freshDatabaseName();
        MongoClient client = mongo.newClient(settings -> {
            NonBlocking.onWatchedThreads(settings);
            settings.addCommandListener(new CommandListener() {
                @Override
                public void commandStarted(CommandStartedEvent event) {
                    if (event.getCommandName().equals("insert")) {
                        inserts.add(event.getCommand().getString("insert").getValue());
                    }
                }
            });
        });
        keysmith = ReactiveKeysmith.create(client.getDatabase(databaseName));
        withoutResync = ReactiveKeysmith.builder(client.getDatabase(databaseName)).resyncOnDuplicateId(false).build();
        sync = MongoClients.create(mongo.server().uri());
    }

    @AfterEach
    void stop() {
        keysmith.close();
        withoutResync.close();
        sync.close();
        mongo.close();
    }

    @Test
    void everyEntityGetsItsIdAndAllAreSentInOneInsertMany() {
        ReactiveRepository<Order, Long> orders = keysmith.repository(Order.class);
        List<Order> given = IntStream.range(0, 30).mapToObj(i -> new Order(null, BigDecimal.valueOf(i))).toList();

        List<Order> saved = orders.insertAll(given).subscribeOn(Schedulers.parallel()).collectList().block();

        assertThat(saved).hasSize(30).extracting(Order::number).doesNotContainNull().doesNotHaveDuplicates();
        assertThat(saved).extracting(Order::total).containsExactlyElementsOf(given.stream().map(Order::total).toList());
        assertThat(inserts).containsExactly("orders");
        assertThat(orders.count().block()).isEqualTo(30);
        assertThat(orders.insertAll(List.of()).collectList().block()).isEmpty();
    }

    @Test
    void randomIdsCollidingInOneCallAreDrawnAgainUntilTheAttemptsRunOutAndThenNothingOfTheCallStays() {
        ReactiveRepository<Player, Long> players = keysmith.repository(Player.class);
        List<Player> nine = IntStream.rangeClosed(1, 9).mapToObj(i -> new Player("p" + i)).toList();

        List<Player> saved = players.insertAll(nine).subscribeOn(Schedulers.parallel()).collectList().block();

        // one random digit: nine ids in all, so the nine collide with each other and are drawn again
        assertThat(saved).extracting(player -> player.id).containsExactlyInAnyOrder(1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L,
                9L);
        assertThat(inserts.size()).as("sent again from the collision on").isGreaterThan(1);

        List<Player> moreThanFit = List.of(new Player("a"), new Player("b"));
        assertThatThrownBy(() -> players.insertAll(moreThanFit).subscribeOn(Schedulers.parallel()).blockLast())
                .isInstanceOfSatisfying(RandomIdExhaustedException.class, e -> {
                    assertThat(e.attempts()).isEqualTo(200);
                    assertThat(e).hasMessageContaining("'players'");
                });
        assertThat(moreThanFit).extracting(player -> player.id).as("the caller's instances as they were")
                .containsOnly(0L);
        assertThat(players.count().block()).isEqualTo(9);
    }

    @Test
    void withTheResyncOffASequenceIdAlreadyTakenIsDuplicateSequenceIdExceptionNamingEntitySequenceIdAndFix() {
        importReceipts(1, 100);
        ReactiveRepository<Receipt, Long> receipts = withoutResync.repository(Receipt.class);
        Receipt one = new Receipt("one");

        assertThatThrownBy(() -> receipts.insert(one).subscribeOn(Schedulers.parallel()).block())
                .isInstanceOfSatisfying(DuplicateSequenceIdException.class, e -> {
                    assertThat(e.sequence()).isEqualTo("receipts");
                    assertThat(e.id()).isEqualTo(1L);
                    assertThat(e.entity()).isEqualTo(Receipt.class);
                    assertThat(e).hasMessageContaining("inserting Receipt into 'receipts'")
                            .hasMessageContaining("_id 1,").hasMessageContaining("sequence 'receipts'")
                            .hasMessageContaining("the resync on a duplicate is off")
                            .hasMessageContaining(".resync(Receipt.class)")
                            .hasMessageNotContaining("E11000 duplicate key error collection");
                });
        assertThat(one.id).isNull();

        List<Receipt> three = List.of(new Receipt("a"), new Receipt("b"), new Receipt("c"));
        assertThatThrownBy(() -> receipts.insertAll(three).subscribeOn(Schedulers.parallel()).blockLast())
                .isInstanceOfSatisfying(DuplicateSequenceIdException.class,
                        e -> assertThat(e.id()).isEqualTo(2L));
        assertThat(three).extracting(receipt -> receipt.id).containsOnlyNulls();
        assertThat(texts()).hasSize(100).allMatch(text -> text.startsWith("imported #"));
    }

    @Test
    void withTheResyncOffADuplicateInTheMiddleDeletesWhatTheCallInsertedBeforeIt() {
        importReceipts(5, 5);
        ReactiveRepository<Receipt, Long> receipts = withoutResync.repository(Receipt.class);
        List<Receipt> ten = IntStream.range(0, 10).mapToObj(i -> new Receipt("r" + i)).toList();

        assertThatThrownBy(() -> receipts.insertAll(ten).subscribeOn(Schedulers.parallel()).blockLast())
                .isInstanceOfSatisfying(DuplicateSequenceIdException.class, e -> {
                    assertThat(e.id()).isEqualTo(5L);
                    assertThat(e.getCause()).isInstanceOf(com.mongodb.MongoBulkWriteException.class);
                    assertThat(((com.mongodb.MongoBulkWriteException) e.getCause()).getWriteErrors().get(0).getIndex())
                            .isEqualTo(4);
                });
        assertThat(texts()).containsExactly("imported #5");
        assertThat(ten).extracting(receipt -> receipt.id).containsOnlyNulls();
    }

    @Test
    void aNullElementIsRefusedNamingItsIndexBeforeAnythingIsInserted() {
        ReactiveRepository<Receipt, Long> receipts = keysmith.repository(Receipt.class);
        List<Receipt> withNull = Arrays.asList(new Receipt("a"), null);

        assertThatThrownBy(() -> receipts.insertAll(withNull)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("index 1 of 2");
        assertThatThrownBy(() -> receipts.insertAll(null)).isInstanceOf(NullPointerException.class)
                .hasMessageContaining("entities");
        assertThat(receipts.count().block()).isZero();
    }

    private void importReceipts(long from, long to) {
        List<Document> documents = new ArrayList<>();
        for (long id = from; id <= to; id++) {
            documents.add(new Document("_id", id).append("text", "imported #" + id));
        }
        sync.getDatabase(databaseName).getCollection("receipts").insertMany(documents);
    }

    private List<String> texts() {
        return sync.getDatabase(databaseName).getCollection("receipts").find()
                .map(document -> document.getString("text")).into(new ArrayList<>());
    }
}
