package dev.keysmith.spring.mongodb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;
import static org.springframework.data.mongodb.core.query.Criteria.where;
import static org.springframework.data.mongodb.core.query.Query.query;

import com.mongodb.client.model.Filters;
import com.mongodb.client.result.UpdateResult;
import dev.keysmith.runtime.RandomIdExhaustedException;
import dev.keysmith.spring.mongodb.reactive.Draw;
import dev.keysmith.spring.mongodb.reactive.Entry;
import dev.keysmith.spring.mongodb.reactive.Memo;
import dev.keysmith.spring.mongodb.reactive.Parcel;
import dev.keysmith.spring.mongodb.reactive.Raffle;
import dev.keysmith.spring.mongodb.reactive.ReactiveApplication;
import dev.keysmith.spring.mongodb.reactive.Seat;
import dev.keysmith.spring.mongodb.reactive.Trip;
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.LongStream;
import org.bson.BsonBinarySubType;
import org.bson.BsonDocument;
import org.bson.BsonInt64;
import org.bson.BsonType;
import org.bson.BsonValue;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.data.mongodb.core.BulkOperations.BulkMode;
import org.springframework.data.mongodb.core.FindAndModifyOptions;
import org.springframework.data.mongodb.core.FindAndReplaceOptions;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import org.springframework.data.mongodb.core.ReplaceOptions;
import org.springframework.data.mongodb.core.aggregation.AggregationUpdate;
import org.springframework.data.mongodb.core.query.Query;
import org.springframework.data.mongodb.core.query.Update;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The reactive template's calls beyond {@code insert} and {@code save}, by the blocking route's rules
 * (SpringDataFeaturesTest, RandomIdRetryTest): upserts give an inserted document keysmith's id (a {@code @Sequence}
 * one through {@code nextAsync()}), replacements without an id keep the matched document's or are refused with
 * {@code upsert()}, the bulk operations of an entity type follow both, and the overloads that take a {@code Mono}
 * retry {@code @RandomId} collisions as the direct calls do. Reactive route only.
 */
@Timeout(600) // the machine these run on may be loaded many times over
class ReactiveUpsertsTest extends SpringMongoTestBase {

    @Test
    void anUpsertThatInsertsGetsKeysmithsIdAndOneThatUpdatesKeepsTheDocumentsId() {
        ReactiveMongoTemplate template = reactiveTemplate();
        Entry first = template.insert(new Entry("a")).block();
        Update renamed = Update.update("text", "a2");

        UpdateResult matched = template.upsert(query(where("text").is("a")), renamed, Entry.class).block();
        UpdateResult inserted = template.upsert(query(where("text").is("b")), Update.update("text", "b"),
                Entry.class).block();
        UpdateResult again = template.upsert(query(where("text").is("c")), Update.update("text", "c"), Entry.class,
                "entries").block();

        assertThat(first.getId()).isEqualTo(1L);
        assertThat(matched.getUpsertedId()).isNull();
        assertThat(template.findById(1L, Entry.class).block().getText()).isEqualTo("a2");
        // every upsert draws an id; the one that updated leaves it unused, a gap in the sequence
        assertThat(inserted.getUpsertedId()).isEqualTo(new BsonInt64(3));
        assertThat(again.getUpsertedId()).isEqualTo(new BsonInt64(4));
        assertThat(template.findById(3L, Entry.class).block().getText()).isEqualTo("b");
        assertThat(renamed.getUpdateObject()).as("the caller's update is left as it was")
                .doesNotContainKey("$setOnInsert");

        BsonValue trip = template.upsert(query(where("destination").is("Oslo")), Update.update("destination", "Oslo"),
                Trip.class).block().getUpsertedId();
        assertThat(trip.asBinary().getType()).isEqualTo(BsonBinarySubType.UUID_STANDARD.getValue());
        BsonValue memo = template.upsert(query(where("text").is("m")), Update.update("text", "m"), Memo.class).block()
                .getUpsertedId();
        assertThat(memo.getBsonType()).isEqualTo(BsonType.OBJECT_ID);
        BsonValue seat = template.upsert(query(where("row").is("A")), Update.update("row", "A"), Seat.class).block()
                .getUpsertedId();
        assertThat(seat.isInt32()).as("an int id is stored as an int").isTrue();
        assertThat(seat.asInt32().getValue()).isEqualTo(1);
        BsonValue parcel = template.upsert(query(where("weight").is(5)), Update.update("weight", 5), Parcel.class)
                .block().getUpsertedId();
        assertThat(parcel).isEqualTo(new BsonInt64(1));

        Trip modified = template.findAndModify(query(where("destination").is("Rome")),
                Update.update("destination", "Rome"), FindAndModifyOptions.options().upsert(true).returnNew(true),
                Trip.class).block();
        assertThat(modified.id().version()).isEqualTo(7);
        assertThat(template.findById(modified.id(), Trip.class).block()).isEqualTo(modified);
        Entry modifiedEntry = template.findAndModify(query(where("text").is("d")), Update.update("text", "d"),
                FindAndModifyOptions.options().upsert(true).returnNew(true), Entry.class, "entries").block();
        assertThat(modifiedEntry.getId()).isEqualTo(5L);
    }

    @Test
    void eachSubscriptionOfAnUpsertDrawsItsOwnId() {
        ReactiveMongoTemplate template = reactiveTemplate();
        Update update = Update.update("text", "x");
        Mono<UpdateResult> upsert = template.upsert(query(where("text").is("x")), update, Entry.class);
        Mono<UpdateResult> other = template.upsert(query(where("text").is("y")), Update.update("text", "y"),
                Entry.class);

        BsonValue second = other.block().getUpsertedId();
        BsonValue first = upsert.block().getUpsertedId();
        template.remove(query(where("text").is("x")), Entry.class).block();
        BsonValue resubscribed = upsert.block().getUpsertedId();

        assertThat(List.of(second, first, resubscribed)).as("the id made when subscribed, not when called")
                .containsExactly(new BsonInt64(1), new BsonInt64(2), new BsonInt64(3));
        assertThat(update.getUpdateObject()).doesNotContainKey("$setOnInsert");
    }

    @Test
    void anUpsertThatNamesTheIdKeepsItAndAPipelineUpsertWithoutItIsRefused() {
        ReactiveMongoTemplate template = reactiveTemplate();

        template.upsert(query(where("id").is(77L)), Update.update("text", "r"), Entry.class).block();
        template.upsert(query(where("text").is("b")), new Update().setOnInsert("_id", 78L), Entry.class).block();
        assertThat(template.findAll(Entry.class).map(Entry::getId).collectList().block())
                .containsExactlyInAnyOrder(77L, 78L);
        assertThat(database.getCollection("keysmith_counters").countDocuments()).as("no id drawn").isZero();

        AggregationUpdate pipeline = AggregationUpdate.update().set("text").toValue("p");
        Mono<UpdateResult> refused = template.upsert(query(where("text").is("p")), pipeline, Entry.class);
        assertThatThrownBy(refused::block)
                .isInstanceOf(InvalidDataAccessApiUsageException.class)
                .hasMessageContaining(Entry.class.getName())
                .hasMessageContaining("query by the id");
        assertThatThrownBy(() -> template.findAndModify(query(where("text").is("p")), pipeline,
                FindAndModifyOptions.options().upsert(true), Entry.class).block())
                .isInstanceOf(InvalidDataAccessApiUsageException.class);
        assertThat(template.count(new Query(), Entry.class).block()).isEqualTo(2);
    }

    @Test
    void anUpsertThatInsertsRetriesCollisionsOfItsDrawnRandomIdThenFailsNamingTheCollection() {
        ReactiveMongoTemplate template = reactiveTemplate();
        List<Long> ids = Flux.range(0, 9).concatMap(i -> template.upsert(query(where("prize").is("p" + i)),
                Update.update("prize", "p" + i), Raffle.class)).map(result -> result.getUpsertedId().asInt64()
                .getValue()).collectList().block();
        // all nine ids of one digit taken: each later upsert collides on every draw, then runs out of attempts
        assertThat(ids).containsExactlyInAnyOrderElementsOf(LongStream.rangeClosed(1, 9).boxed().toList());

        assertThatThrownBy(() -> template.upsert(query(where("prize").is("p9")), Update.update("prize", "p9"),
                Raffle.class).block())
                .isInstanceOf(RandomIdExhaustedException.class)
                .hasMessageContaining("'raffles'")
                .hasMessageContaining("200 attempts");
        assertThat(database.getCollection("raffles").countDocuments()).isEqualTo(9);

        // findAndModify, on a record: the same, one id left free behind the application's back
        LongStream.rangeClosed(2, 9).forEach(id -> database.getCollection("draws").insertOne(new Document("_id", id)));
        Draw drawn = template.findAndModify(query(where("prize").is("cake")), Update.update("prize", "cake"),
                FindAndModifyOptions.options().upsert(true).returnNew(true), Draw.class).block();
        assertThat(drawn.number()).isEqualTo(1L);
        assertThatThrownBy(() -> template.findAndModify(query(where("prize").is("tea")), Update.update("prize", "tea"),
                FindAndModifyOptions.options().upsert(true), Draw.class, "draws").block())
                .isInstanceOf(RandomIdExhaustedException.class)
                .hasMessageContaining("'draws'");
        assertThat(database.getCollection("draws").countDocuments()).isEqualTo(9);
    }

    @Test
    void aReplacementWithoutIdKeepsTheMatchedDocumentsIdAndAnUpsertOfOneIsRefused() {
        ReactiveMongoTemplate template = reactiveTemplate();
        Long id = template.insert(new Entry("Lyon")).block().getId();

        Entry before = template.findAndReplace(query(where("text").is("Lyon")), new Entry("Nantes")).block();
        UpdateResult replaced = template.replace(query(where("text").is("Nantes")), new Entry("Brest")).block();

        assertThat(before.getId()).isEqualTo(id);
        assertThat(replaced.getModifiedCount()).isOne();
        assertThat(template.findAll(Entry.class).collectList().block()).singleElement()
                .satisfies(entry -> assertThat(entry.getId()).isEqualTo(id))
                .satisfies(entry -> assertThat(entry.getText()).isEqualTo("Brest"));

        Entry oslo = new Entry("Oslo");
        Mono<Entry> refused = template.findAndReplace(query(where("text").is("Oslo")), oslo,
                FindAndReplaceOptions.options().upsert());
        assertThatThrownBy(refused::block)
                .isInstanceOf(InvalidDataAccessApiUsageException.class)
                .hasMessageContaining("findAndReplace with upsert() of a " + Entry.class.getName() + " without its id")
                .hasMessageContaining("query by the id");
        assertThatThrownBy(() -> template.replace(query(where("text").is("Oslo")), oslo,
                ReplaceOptions.replaceOptions().upsert(), "entries").block())
                .isInstanceOf(InvalidDataAccessApiUsageException.class)
                .hasMessageContaining("replace with upsert() of a " + Entry.class.getName() + " without its id");
        assertThat(oslo.getId()).isNull();
        assertThat(template.count(new Query(), Entry.class).block()).isOne();

        // the replacement's flag is the call's: an insert afterwards gets its id, and a replacement with an id is
        // stored as it is
        assertThat(template.insert(new Entry("after")).block().getId()).isEqualTo(id + 1);
        Parcel kept = template.findAndReplace(query(where("weight").is(9)), new Parcel(40L, 9),
                FindAndReplaceOptions.options().upsert().returnNew()).block();
        assertThat(kept.id()).isEqualTo(40L);
    }

    @Test
    void bulkUpsertsAndReplacementsFollowTheTemplatesRulesInTheCallsOrder() {
        ReactiveMongoTemplate template = reactiveTemplate();
        template.insert(new Entry("Lyon")).block();

        Entry nantes = new Entry("Nantes");
        template.bulkOps(BulkMode.ORDERED, Entry.class)
                .upsert(query(where("text").is("Oslo")), Update.update("text", "Oslo"))
                .insert(new Entry("Rome"))
                .replaceOne(query(where("text").is("Lyon")), nantes)
                .upsert(query(where("text").is("Rome")), Update.update("text", "Rome 2"))
                .execute().block();
        template.bulkOps(BulkMode.UNORDERED, Trip.class, "trips")
                .upsert(query(where("destination").is("Kyiv")), Update.update("destination", "Kyiv"))
                .execute().block();

        // Lyon kept 1; Oslo and Rome took two of 2, 3, 4 (the upsert that matched Rome drew one and left it unused)
        List<Entry> stored = template.findAll(Entry.class).collectList().block();
        assertThat(stored).extracting(Entry::getText).containsExactlyInAnyOrder("Nantes", "Oslo", "Rome 2");
        assertThat(stored).filteredOn(entry -> entry.getText().equals("Nantes")).singleElement()
                .satisfies(entry -> assertThat(entry.getId()).isEqualTo(1L));
        assertThat(stored).extracting(Entry::getId).doesNotHaveDuplicates()
                .allSatisfy(id -> assertThat(id).isBetween(1L, 4L));
        assertThat(nantes.getId()).as("the replacement was left without id").isNull();
        assertThat(database.getCollection("trips", BsonDocument.class).find().first().get("_id").asBinary().getType())
                .isEqualTo(BsonBinarySubType.UUID_STANDARD.getValue());

        assertThatThrownBy(() -> template.bulkOps(BulkMode.ORDERED, Entry.class).replaceOne(
                query(where("text").is("Bari")), new Entry("Bari"), FindAndReplaceOptions.options().upsert()))
                .isInstanceOf(InvalidDataAccessApiUsageException.class)
                .hasMessageContaining("replaceOne with upsert() of a " + Entry.class.getName() + " without its id");
        assertThatThrownBy(() -> template.bulkOps(BulkMode.ORDERED, Entry.class).upsert(
                query(where("text").is("Bari")), AggregationUpdate.update().set("text").toValue("Bari")))
                .isInstanceOf(InvalidDataAccessApiUsageException.class)
                .hasMessageContaining("query by the id");
        assertThat(template.count(new Query(), Entry.class).block()).isEqualTo(3);
    }

    @Test
    void theMonoOverloadsRetryRandomIdCollisionsAsTheDirectCallsDo() {
        ReactiveMongoTemplate template = reactiveTemplate();
        List<Supplier<Flux<Raffle>>> overloads = List.of(
                () -> Flux.from(template.insert(Mono.just(new Raffle("insert(Mono)")))),
                () -> Flux.from(template.save(Mono.just(new Raffle("save(Mono)")))),
                () -> Flux.from(template.save(Mono.just(new Raffle("save(Mono, collection)")), "raffles")),
                () -> template.insertAll(Mono.just(List.of(new Raffle("insertAll(Mono)")))),
                () -> template.insertAll(Mono.just(List.of(new Raffle("insertAll(Mono, Class)"))), Raffle.class),
                () -> template.insertAll(Mono.just(List.of(new Raffle("insertAll(Mono, collection)"))), "raffles"));

        for (Supplier<Flux<Raffle>> overload : overloads) {
            // all nine ids taken: every draw collides, so only a retry can end in RandomIdExhaustedException (without
            // one, the first collision is Spring's DuplicateKeyException)
            takeRaffleIdsExcept();
            assertThatThrownBy(() -> overload.get().blockLast())
                    .isInstanceOf(RandomIdExhaustedException.class)
                    .hasMessageContaining("'raffles'")
                    .hasMessageContaining("200 attempts");
            // one id free: it is found
            takeRaffleIdsExcept(4L);
            assertThat(overload.get().map(Raffle::getId).collectList().block()).containsExactly(4L);
        }
        database.getCollection("raffles").deleteMany(new Document());
        assertThatThrownBy(() -> template.insert(Mono.just(new Raffle("a collision on the raffle's own id")))
                .flatMap(raffle -> template.insert(Mono.just(raffle))).block())
                .as("an id given by the application is not retried")
                .isInstanceOf(DuplicateKeyException.class);
    }

    @Test
    void theMonoOverloadsGiveABatchsSequenceIdsInItsOrder() {
        ReactiveMongoTemplate template = reactiveTemplate();

        List<Entry> batch = template.insertAll(Mono.just(List.of(new Entry("a"), new Entry("b"), new Entry("c"))))
                .collectList().block();
        List<Entry> typed = template.insertAll(Mono.just(List.of(new Entry("d"), new Entry("e"))), Entry.class)
                .collectList().block();
        Entry one = template.insert(Mono.just(new Entry("f"))).block();
        Entry saved = template.save(Mono.just(new Entry("g")), "entries").block();

        assertThat(batch).extracting(Entry::getId, Entry::getText)
                .containsExactly(tuple(1L, "a"), tuple(2L, "b"), tuple(3L, "c"));
        assertThat(typed).extracting(Entry::getId).containsExactly(4L, 5L);
        assertThat(List.of(one.getId(), saved.getId())).containsExactly(6L, 7L);
        assertThat(database.getCollection("entries").countDocuments(Filters.exists("_id"))).isEqualTo(7);
    }

    /** The reactive template of a started reactive-only application. */
    private ReactiveMongoTemplate reactiveTemplate() {
        routes = List.of(REACTIVE_ONLY);
        return start(ReactiveApplication.class).getBean(ReactiveMongoTemplate.class);
    }

    /** 'raffles' holds the ids 1 to 9 but {@code free}, written behind the application's back. */
    private void takeRaffleIdsExcept(Long... free) {
        database.getCollection("raffles").deleteMany(new Document());
        LongStream.rangeClosed(1, 9).filter(id -> !List.of(free).contains(id))
                .forEach(id -> database.getCollection("raffles").insertOne(new Document("_id", id)));
    }
}
