package dev.keysmith.mongodb.reactive;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.client.MongoClients;
import com.mongodb.reactivestreams.client.MongoClient;
import dev.keysmith.mongodb.Keysmith;
import dev.keysmith.mongodb.reactive.model.Note;
import dev.keysmith.mongodb.reactive.model.Order;
import dev.keysmith.mongodb.reactive.model.Player;
import dev.keysmith.mongodb.reactive.model.Receipt;
import dev.keysmith.mongodb.reactive.model.Visit;
import dev.keysmith.mongodb.reactive.model.Voucher;
import dev.keysmith.runtime.RandomIdExhaustedException;
import dev.keysmith.runtime.SequenceAllocator;
import dev.keysmith.runtime.SequenceSpec;
import dev.keysmith.runtime.testing.Concurrently;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import java.util.function.ToLongFunction;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import reactor.blockhound.BlockingOperationError;
import reactor.core.Exceptions;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * The reactive routes with BlockHound on: every insert is subscribed on Reactor's non-blocking threads, and the
 * driver's I/O threads (where the ids' continuations run) are watched too; a thread sampler looks for keysmith
 * frames that wait. Two clients with eight concurrent subscribers each, on the continuous sequence (batch 1), a
 * prefetched one (batch 50) and striped counters.
 */
@Timeout(600) // the machine these run on may be loaded many times over
class NonBlockingRoutesTest {

    /** Ids per sequence (see the Spring module's ReactiveNonBlockingTest): 2,000 unless the property says more. */
    private static final int IDS = Integer.getInteger("keysmith.test.reactive-ids", 2_000);
    private static final int SUBSCRIBERS = 8;

    private ReactiveMongo mongo;
    private String databaseName;
    private final List<ReactiveKeysmith> clients = new ArrayList<>();

    @BeforeEach
    void start() {
        NonBlocking.install();
        mongo = ReactiveMongo.start();
        databaseName = mongo.server().freshDatabaseName();
        for (int i = 0; i < 2; i++) {
            MongoClient client = mongo.newClient(NonBlocking::onWatchedThreads);
            clients.add(ReactiveKeysmith.create(client.getDatabase(databaseName)));
        }
    }

    @AfterEach
    void stop() {
        clients.forEach(ReactiveKeysmith::close);
        mongo.close();
    }

    @Test
    void theDetectorFailsABlockingCallOnANonBlockingThread() {
        // the control: a blocking next() that must wait for its first range, called on a parallel thread
        SequenceAllocator blocking = clients.get(0).ids().sequence(SequenceSpec.of("control").withBatch(10));

        assertThatThrownBy(() -> Mono.fromCallable(blocking::next).subscribeOn(Schedulers.parallel()).block())
                .satisfies(e -> assertThat(Exceptions.unwrap(e)).isInstanceOf(BlockingOperationError.class)
                        .hasMessageContaining("Blocking call"));
    }

    @Test
    void theSamplerFindsAKeysmithFrameThatParksOnANonBlockingThread() throws Exception {
        // the sampler's control: a blocking next() waiting for a range that never comes, on a thread named like
        // Reactor's (BlockHound does not watch it: it is not Reactor's), must be reported
        dev.keysmith.runtime.testing.ManualAsyncCounterStore never = new dev.keysmith.runtime.testing.ManualAsyncCounterStore();
        try (SequenceAllocator waiting = SequenceAllocator.openAsync(SequenceSpec.of("never").withBatch(10), never)) {
            Thread parked = new Thread(() -> {
                try {
                    waiting.next();
                } catch (RuntimeException closed) {
                    // closed at the end of the test
                }
            }, "parallel-control");
            parked.setDaemon(true);
            parked.start();
            List<String> found = List.of();
            long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(30);
            while (found.isEmpty() && System.nanoTime() < deadline) {
                found = NonBlocking.parkedKeysmithFrames();
            }
            assertThat(found).anySatisfy(frame -> assertThat(frame).startsWith("parallel-control waits at")
                    .contains("dev.keysmith.runtime.")); // the allocator's wait (in its internal core since issue 29)
        }
    }

    @Test
    void batchOneFromTwoClientsWithEightSubscribersEachGivesNoIdTwiceAndNoneAboveTheCounter() throws Exception {
        // ids only (one counter round trip each, as an insert would take them): 10,000 inserts more add nothing here
        List<Long> ids = takeFromBothClients(Receipt.class, i -> new Receipt("r" + i), receipt -> receipt.id, false);

        assertDistinctAndCounted(ids, "receipts");
        assertThat(ids).containsExactlyInAnyOrderElementsOf(
                java.util.stream.LongStream.rangeClosed(1, IDS).boxed().toList());
    }

    @Test
    void batchFiftyWithPrefetchFromTwoClientsGivesNoIdTwiceAndNoneAboveTheCounter() throws Exception {
        List<Long> ids = takeFromBothClients(Order.class, i -> new Order(null, BigDecimal.valueOf(i)),
                Order::number, true);

        assertDistinctAndCounted(ids, "orders");
        assertThat(clients.get(0).ids().sequenceSnapshots().get(0).reservations()).isPositive();
    }

    @Test
    void stripedCountersFromTwoClientsGiveNoIdTwiceEachInItsCountersRange() throws Exception {
        List<Long> ids = takeFromBothClients(Voucher.class, i -> new Voucher(null, i % 100), Voucher::code, true);

        assertThat(Set.copyOf(ids)).hasSize(IDS);
        // four counters over [1, 999999]: counter i owns [1 + 250000 i, 250000 (i + 1)] minus the last one's share
        Document counters = new Document();
        try (com.mongodb.client.MongoClient sync = MongoClients.create(mongo.server().uri())) {
            sync.getDatabase(databaseName).getCollection("keysmith_counters").find()
                    .forEach(counter -> counters.put(counter.getString("_id"), counter.get("next")));
        }
        for (long id : ids) {
            int stripe = (int) ((id - 1) / 250_000);
            long next = ((Number) counters.get("vouchers#" + stripe)).longValue();
            assertThat(id - 1 - 250_000L * stripe).as("id %d within what counter %d reserved", id, stripe)
                    .isLessThan(next);
        }
    }

    @Test
    void aCounterBehindImportedDataMetByEverySubscriberOfTwoClientsAtOnceIsResyncedWithoutBlockingAndNoIdTwice()
            throws Exception {
        int imported = 500;
        int inserts = 1_000;
        try (com.mongodb.client.MongoClient sync = MongoClients.create(mongo.server().uri())) {
            List<Document> restored = new ArrayList<>();
            for (long id = 1; id <= imported; id++) {
                restored.add(new Document("_id", id).append("text", "imported #" + id));
            }
            sync.getDatabase(databaseName).getCollection("receipts").insertMany(restored);
        }

        // the first 2 x 8 ids (1..16) all meet the import at once: sixteen resyncs overlap, each insert retries once
        NonBlocking.Sampled<List<Receipt>> run = NonBlocking.whileSampling(() -> Flux.merge(clients.stream()
                .map(keysmith -> keysmith.<Receipt, Long>repository(Receipt.class))
                .map(receipts -> Flux.range(0, inserts / clients.size()).flatMap(i -> receipts
                        .insert(new Receipt("new #" + i)).subscribeOn(Schedulers.parallel()), SUBSCRIBERS))
                .toList()).collectList().block(Duration.ofSeconds(500)));

        assertThat(run.parked()).as("keysmith frames that waited").isEmpty();
        List<Long> ids = run.result().stream().map(receipt -> receipt.id).toList();
        assertThat(ids).hasSize(inserts).doesNotHaveDuplicates().allMatch(id -> id > imported);
        assertDistinctAndCounted(ids, "receipts");
        assertThat(clients.get(0).repository(Receipt.class).count().block()).isEqualTo(imported + inserts);
    }

    @Test
    void theOtherStrategiesAssignTheirIdsWithoutBlocking() {
        ReactiveKeysmith keysmith = clients.get(0);
        List<Note> notes = Flux.range(0, 200).flatMap(i -> keysmith.<Note, String>repository(Note.class)
                .insert(new Note("n" + i)).subscribeOn(Schedulers.parallel()), SUBSCRIBERS).collectList().block();
        List<Visit> visits = Flux.range(0, 200).flatMap(i -> keysmith.<Visit, java.util.UUID>repository(Visit.class)
                .insert(new Visit(null, "/" + i)).subscribeOn(Schedulers.parallel()), SUBSCRIBERS).collectList().block();

        assertThat(notes).extracting(note -> note.id).doesNotContainNull().doesNotHaveDuplicates();
        assertThat(visits).extracting(Visit::id).doesNotContainNull().doesNotHaveDuplicates()
                .allSatisfy(id -> assertThat(id.version()).isEqualTo(7));
        assertThat(keysmith.repository(Note.class).count().block()).isEqualTo(200);
    }

    @Test
    void randomIdsCollidingOnTheIdAreRetriedWithoutBlockingUntilTheAttemptsRunOut() {
        ReactiveRepository<Player, Long> players = clients.get(0).repository(Player.class);

        List<Player> nine = Flux.range(1, 9).concatMap(i -> players.insert(new Player("p" + i))
                .subscribeOn(Schedulers.parallel())).collectList().block();
        Player tenth = new Player("one too many");

        assertThat(nine).extracting(player -> player.id).containsExactlyInAnyOrder(1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L);
        assertThatThrownBy(() -> players.insert(tenth).subscribeOn(Schedulers.parallel()).block())
                .isInstanceOfSatisfying(RandomIdExhaustedException.class, e -> {
                    assertThat(e.attempts()).isEqualTo(200);
                    assertThat(e).hasMessageContaining("'players'");
                });
        assertThat(tenth.id).as("the caller's instance is left as it was").isZero();
    }

    @Test
    void theSameSequenceUsedAtOnceByTheBlockingAndTheReactiveRouteNeverGivesAnIdTwice() throws Exception {
        SequenceSpec spec = SequenceSpec.of("shared").withBatch(20);
        Set<Long> taken = ConcurrentHashMap.newKeySet();
        List<Long> twice = new CopyOnWriteArrayList<>();
        try (com.mongodb.client.MongoClient sync = MongoClients.create(mongo.server().uri());
                Keysmith blocking = Keysmith.create(sync.getDatabase(databaseName))) {
            SequenceAllocator blockingRoute = blocking.ids().sequence(spec);
            SequenceAllocator reactiveRoute = clients.get(0).ids().sequence(spec);
            AtomicBoolean reactiveDone = new AtomicBoolean();
            Thread reactive = new Thread(() -> {
                Flux.range(0, 5_000)
                        .flatMap(i -> Mono.fromFuture(reactiveRoute::nextAsync).subscribeOn(Schedulers.parallel()),
                                SUBSCRIBERS)
                        .doOnNext(id -> {
                            if (!taken.add(id)) {
                                twice.add(id);
                            }
                        })
                        .blockLast();
                reactiveDone.set(true);
            }, "reactive-route");
            reactive.start();
            Concurrently.run(4, thread -> {
                for (int i = 0; i < 1_250; i++) {
                    long id = blockingRoute.next();
                    if (!taken.add(id)) {
                        twice.add(id);
                    }
                }
            });
            reactive.join();
            assertThat(reactiveDone).isTrue();
        }

        assertThat(twice).isEmpty();
        assertThat(taken).hasSize(10_000);
    }

    /**
     * Inserts {@link #IDS} entities (or gives them ids, without {@code insert}) from both clients at once,
     * {@value #SUBSCRIBERS} concurrent subscribers each, on Reactor's parallel threads, sampling meanwhile for keysmith
     * frames that wait; returns the ids.
     */
    private <T> List<Long> takeFromBothClients(Class<T> type, Function<Integer, T> entity, ToLongFunction<T> id,
            boolean insert) throws Exception {
        NonBlocking.Sampled<List<T>> run = NonBlocking.whileSampling(() -> {
            List<Flux<T>> perClient = new ArrayList<>();
            for (int c = 0; c < clients.size(); c++) {
                ReactiveKeysmith keysmith = clients.get(c);
                ReactiveRepository<T, Object> repository = keysmith.repository(type);
                int first = c * IDS / 2;
                perClient.add(Flux.range(first, IDS / 2).flatMap(i -> (insert ? repository.insert(entity.apply(i))
                        : keysmith.withId(entity.apply(i))).subscribeOn(Schedulers.parallel()), SUBSCRIBERS));
            }
            return Flux.merge(perClient).collectList().block(Duration.ofSeconds(500));
        });
        List<String> parked = run.parked();
        List<T> inserted = run.result();
        assertThat(parked).as("keysmith frames that waited").isEmpty();
        assertThat(inserted).hasSize(IDS);
        if (insert) {
            assertThat(clients.get(0).repository(type).count().block()).isEqualTo(IDS);
        }
        return inserted.stream().map(id::applyAsLong).toList();
    }

    private void assertDistinctAndCounted(List<Long> ids, String counter) {
        assertThat(Set.copyOf(ids)).as("distinct ids").hasSize(ids.size());
        long next;
        try (com.mongodb.client.MongoClient sync = MongoClients.create(mongo.server().uri())) {
            next = ((Number) sync.getDatabase(databaseName).getCollection("keysmith_counters")
                    .find(new Document("_id", counter)).first().get("next")).longValue();
        }
        assertThat(ids).allMatch(value -> value >= 1 && value <= next);
    }
}
