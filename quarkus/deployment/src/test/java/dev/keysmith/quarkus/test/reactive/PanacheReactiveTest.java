package dev.keysmith.quarkus.test.reactive;

import static org.assertj.core.api.Assertions.assertThat;

import com.mongodb.client.MongoClient;
import com.mongodb.client.model.Filters;
import dev.keysmith.quarkus.test.EmbeddedMongo;
import dev.keysmith.quarkus.test.EventLoopBlocking;
import io.quarkus.test.QuarkusUnitTest;
import io.smallrye.mutiny.Uni;
import io.smallrye.common.vertx.VertxContext;
import io.vertx.core.Vertx;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.bson.BsonBinarySubType;
import org.bson.BsonDocument;
import org.bson.BsonType;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Reactive Panache MongoDB with keysmith's extension and no application code, every call made on a Vert.x event loop:
 * every strategy's id on persist, persist(List) and persistOrUpdate, findById by the Java id, and not one blocking call
 * on an event loop (BlockHound), though the sequence ({@code batch = 1}) reserves in the database for every id.
 * One Quarkus start for the class.
 */
class PanacheReactiveTest {

    private static final String DATABASE = "keysmith_quarkus_reactive";

    @RegisterExtension
    static final QuarkusUnitTest QUARKUS = new QuarkusUnitTest()
            .withApplicationRoot(jar -> jar.addPackage(Ticket.class.getPackage())
                    .addClasses(EmbeddedMongo.class, EventLoopBlocking.class))
            .overrideConfigKey("quarkus.mongodb.connection-string", EmbeddedMongo.uri())
            .overrideConfigKey("quarkus.mongodb.database", DATABASE)
            .overrideConfigKey("quarkus.mongodb.uuid-representation", "standard")
            .overrideConfigKey("quarkus.devservices.enabled", "false")
            // BlockHound puts its runtime on the boot class path: its API must come from the same (system) loader
            .overrideConfigKey("quarkus.class-loading.parent-first-artifacts", "io.projectreactor.tools:blockhound");

    @Inject
    Vertx vertx;

    @Inject
    MongoClient client;

    private final Set<String> threads = ConcurrentHashMap.newKeySet();

    @Test
    void idsWithoutBlockingAnEventLoop() throws Exception {
        EventLoopBlocking.watch();
        onEventLoop(() -> Uni.createFrom().item(PanacheReactiveTest::sleepBriefly));
        assertThat(EventLoopBlocking.calls()).as("BlockHound watches the event loops").isNotEmpty();
        EventLoopBlocking.watch();

        Ticket first = new Ticket();
        first.title = "first";
        onEventLoop(first::persist);
        List<Ticket> batch = List.of(new Ticket(), new Ticket(), new Ticket());
        onEventLoop(() -> Ticket.persist(batch));
        Ticket upserted = new Ticket();
        upserted.title = "upserted";
        onEventLoop(upserted::persistOrUpdate);
        Note note = new Note();
        note.text = "hello";
        onEventLoop(note::persist);
        Badge badge = new Badge();
        badge.holder = "ada";
        onEventLoop(badge::persist);
        Coupon coupon = new Coupon();
        coupon.cents = 250;
        onEventLoop(coupon::persist);

        Ticket foundTicket = onEventLoop(() -> Ticket.findById(first.number));
        Note foundNote = onEventLoop(() -> Note.findById(note.id));
        Badge foundBadge = onEventLoop(() -> Badge.findById(badge.id));
        Coupon foundCoupon = onEventLoop(() -> Coupon.findById(coupon.code));
        boolean deleted = onEventLoop(() -> Note.deleteById(note.id));

        assertThat(EventLoopBlocking.calls()).isEmpty();
        assertThat(threads).allSatisfy(thread -> assertThat(thread).startsWith(EventLoopBlocking.EVENT_LOOP_THREADS));

        // ids: a sequence number each (distinct), an ObjectId, a version 7 UUID, a 10-digit number
        assertThat(first.number).isPositive();
        assertThat(batch).allSatisfy(ticket -> assertThat(ticket.number).isNotNull());
        assertThat(upserted.number).isNotNull();
        assertThat(List.of(first.number, batch.get(0).number, batch.get(1).number, batch.get(2).number,
                upserted.number)).doesNotHaveDuplicates();
        assertThat(List.of(batch.get(0).number, batch.get(1).number, batch.get(2).number)).isSorted();
        assertThat(ObjectId.isValid(note.id)).isTrue();
        assertThat(badge.id.version()).isEqualTo(4);
        assertThat(coupon.code).isBetween(1_000_000_000L, 9_999_999_999L);

        assertThat(foundTicket.title).isEqualTo("first");
        assertThat(foundNote.text).isEqualTo("hello");
        assertThat(foundBadge.holder).isEqualTo("ada");
        assertThat(foundCoupon.cents).isEqualTo(250);
        assertThat(deleted).isTrue();

        // stored as keysmith stores them; the counter in the configured database is at or past every number
        assertThat(stored("tickets", "first").get("_id").getBsonType()).isEqualTo(BsonType.INT64);
        assertThat(stored("badges", "ada").getBinary("_id").getType())
                .isEqualTo(BsonBinarySubType.UUID_STANDARD.getValue());
        BsonDocument counter = client.getDatabase(DATABASE).getCollection("keysmith_counters", BsonDocument.class)
                .find(Filters.eq("_id", "tickets")).first();
        assertThat(counter.getNumber("next").longValue()).isGreaterThanOrEqualTo(upserted.number);
        assertThat(client.getDatabase(DATABASE).getCollection("tickets").countDocuments()).isEqualTo(5);
    }

    /**
     * Subscribes to {@code work} on an event loop, in a duplicated context as a request's handler is, and waits (on
     * this test thread) for its item.
     */
    private <T> T onEventLoop(Supplier<Uni<T>> work) throws Exception {
        CompletableFuture<T> result = new CompletableFuture<>();
        VertxContext.createNewDuplicatedContext(vertx.getOrCreateContext()).runOnContext(ignored -> {
            threads.add(Thread.currentThread().getName());
            work.get().subscribe().with(result::complete, result::completeExceptionally);
        });
        return result.get(30, TimeUnit.SECONDS);
    }

    private static boolean sleepBriefly() {
        try {
            Thread.sleep(1);
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private BsonDocument stored(String collection, String value) {
        return client.getDatabase(DATABASE).getCollection(collection, BsonDocument.class)
                .find(Filters.or(Filters.eq("title", value), Filters.eq("holder", value))).first();
    }
}
