package dev.keysmith.spring.mongodb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.mongodb.client.model.Filters;
import dev.keysmith.runtime.IdAllocationException;
import dev.keysmith.runtime.IdGenerators;
import dev.keysmith.runtime.RandomIdExhaustedException;
import dev.keysmith.runtime.SequenceAllocator;
import dev.keysmith.runtime.testing.Concurrently;
import dev.keysmith.spring.mongodb.internal.AssignIdsBeforeConvert;
import dev.keysmith.spring.mongodb.internal.AssignIdsBeforeReactiveConvert;
import dev.keysmith.spring.mongodb.reactive.Draw;
import dev.keysmith.spring.mongodb.reactive.Draws;
import dev.keysmith.spring.mongodb.reactive.Entries;
import dev.keysmith.spring.mongodb.reactive.Entry;
import dev.keysmith.spring.mongodb.reactive.Memo;
import dev.keysmith.spring.mongodb.reactive.Memos;
import dev.keysmith.spring.mongodb.reactive.Parcel;
import dev.keysmith.spring.mongodb.reactive.Parcels;
import dev.keysmith.spring.mongodb.reactive.Raffle;
import dev.keysmith.spring.mongodb.reactive.ReactiveApplication;
import dev.keysmith.spring.mongodb.reactive.Seat;
import dev.keysmith.spring.mongodb.reactive.Seats;
import dev.keysmith.spring.mongodb.reactive.Stamp;
import dev.keysmith.spring.mongodb.reactive.Trip;
import dev.keysmith.spring.mongodb.reactive.Trips;
import dev.keysmith.spring.mongodb.wrong.WrongApplication;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CyclicBarrier;
import java.util.stream.IntStream;
import java.util.stream.LongStream;
import org.bson.BsonBinarySubType;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import org.bson.Document;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.NestedExceptionUtils;
import org.springframework.data.mongodb.core.MongoTemplate;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import reactor.core.publisher.Flux;
import reactor.core.scheduler.Schedulers;

/**
 * Reactive Spring Data MongoDB: the reactive repositories and {@code ReactiveMongoTemplate} get keysmith's ids of
 * every strategy, in an application with the reactive route only and in one with both routes (one set of
 * allocators for both); {@code @RandomId} collisions are retried; meters, health and the startup check as on the
 * blocking route.
 */
@Timeout(600) // the machine these run on may be loaded many times over
class ReactiveIdsTest extends SpringMongoTestBase {

    @Test
    void repositorySaveInsertAndSaveAllAssignEveryStrategysIdsInAReactiveOnlyApplication() {
        routes = List.of(REACTIVE_ONLY);
        ConfigurableApplicationContext context = start(ReactiveApplication.class);
        assertThat(context.getBeanNamesForType(MongoTemplate.class)).as("no blocking template").isEmpty();
        Entries entries = context.getBean(Entries.class);

        Entry first = entries.save(new Entry("a")).block();
        Entry second = entries.insert(new Entry("b")).block();
        List<Entry> more = entries.saveAll(List.of(new Entry("c"), new Entry("d"))).collectList().block();
        Parcel parcel = context.getBean(Parcels.class).save(new Parcel(null, 3)).block();
        Parcel kept = context.getBean(Parcels.class).save(new Parcel(77L, 4)).block();
        Parcel next = context.getBean(Parcels.class).insert(new Parcel(null, 5)).block();
        Seat seat = context.getBean(Seats.class).save(new Seat("A")).block();
        Memo memo = context.getBean(Memos.class).save(new Memo("m")).block();
        Trip trip = context.getBean(Trips.class).save(new Trip(null, "Oslo")).block();
        Draw draw = context.getBean(Draws.class).save(new Draw(null, "cake")).block();

        assertThat(List.of(first.getId(), second.getId(), more.get(0).getId(), more.get(1).getId()))
                .containsExactly(1L, 2L, 3L, 4L);
        assertThat(parcel.id()).isEqualTo(1L);
        assertThat(kept.id()).as("an id given by the application is kept").isEqualTo(77L);
        assertThat(next.id()).isEqualTo(2L);
        assertThat(seat.getId()).isEqualTo(1);
        assertThat(rawIdWhere("seats", "row", "A").isInt32()).as("an int id is stored as an int").isTrue();
        assertThat(rawIdWhere("memos", "text", "m").asObjectId().getValue()).isEqualTo(new ObjectId(memo.getId()));
        assertThat(trip.id().version()).isEqualTo(7);
        assertThat(rawIdWhere("trips", "destination", "Oslo").asBinary().getType())
                .isEqualTo(BsonBinarySubType.UUID_STANDARD.getValue());
        assertThat(draw.number()).isBetween(1L, 9L);
        assertThat(database.getCollection("entries").countDocuments()).isEqualTo(4);
        assertThat(context.getBean(Trips.class).findById(trip.id()).block()).isEqualTo(trip);
    }

    @Test
    void templateInsertSaveAndInsertAllAssignEveryStrategysIds() {
        routes = List.of(REACTIVE_ONLY);
        ReactiveMongoTemplate template = start(ReactiveApplication.class).getBean(ReactiveMongoTemplate.class);

        Entry entry = template.insert(new Entry("t")).block();
        Memo memo = template.save(new Memo("s")).block();
        Seat seat = template.save(new Seat("B"), "seats").block();
        List<Object> batch = template.insertAll(List.of(new Trip(null, "Rome"), new Parcel(null, 1), new Raffle("r"),
                new Entry("u"))).collectList().block();
        List<Stamp> stamps = template.insert(List.of(new Stamp(null, "a"), new Stamp(null, "b")), Stamp.class)
                .collectList().block();

        assertThat(entry.getId()).isEqualTo(1L);
        assertThat(ObjectId.isValid(memo.getId())).isTrue();
        assertThat(seat.getId()).isEqualTo(1);
        assertThat(batch).hasSize(4);
        assertThat(((Trip) batch.get(0)).id().version()).isEqualTo(7);
        assertThat(((Parcel) batch.get(1)).id()).isEqualTo(1L);
        assertThat(((Raffle) batch.get(2)).getId()).isBetween(1L, 9L);
        assertThat(((Entry) batch.get(3)).getId()).isEqualTo(2L);
        assertThat(stamps).extracting(Stamp::id).doesNotContainNull().doesNotHaveDuplicates()
                .allSatisfy(id -> assertThat(id).isBetween(1L, 999_999L));
        assertThat(database.getCollection("stamps").countDocuments()).isEqualTo(2);
    }

    @Test
    void saveAllOfAThousandEntitiesGivesEachItsOwnId() {
        routes = List.of(REACTIVE_ONLY);
        Parcels parcels = start(ReactiveApplication.class).getBean(Parcels.class);

        List<Parcel> saved = parcels.saveAll(IntStream.range(0, 1_000).mapToObj(i -> new Parcel(null, i)).toList())
                .collectList().block();

        assertThat(saved).extracting(Parcel::weight)
                .containsExactlyInAnyOrderElementsOf(IntStream.range(0, 1_000).boxed().toList());
        assertThat(saved).as("the ids in the batch's order (the weight is the index in the batch)")
                .allSatisfy(parcel -> assertThat(parcel.id()).isEqualTo(parcel.weight() + 1L));
        assertThat(parcels.findAll().collectList().block()).as("each stored as it was returned")
                .containsExactlyInAnyOrderElementsOf(saved);
    }

    @Test
    void subscribersCancelledWhileTheyWaitForSequenceIdsLoseNoIdToAnyoneElse() {
        routes = List.of(REACTIVE_ONLY);
        Entries entries = start(ReactiveApplication.class).getBean(Entries.class);

        // 1,000 saves subscribed at once on a continuous sequence (one reservation at a time: all but the first wait
        // for theirs), cancelled by take(10) once ten are saved
        List<Entry> first = Flux.range(0, 1_000).flatMap(i -> entries.save(new Entry("cancelled " + i)), 1_000)
                .take(10).collectList().block();
        // saves after the cancel: an id a cancelled subscriber took (and maybe stored) must not come again, or the
        // insert fails on the _id index
        List<Long> after = Flux.range(0, 200).flatMap(i -> entries.save(new Entry("after " + i)), 8)
                .map(Entry::getId).collectList().block();

        assertThat(first).hasSize(10);
        assertThat(after).hasSize(200).doesNotHaveDuplicates();
        assertThat(database.getCollection("entries").countDocuments(Filters.regex("text", "^after ")))
                .isEqualTo(200);
        assertThat(database.getCollection("entries").countDocuments(Filters.regex("text", "^cancelled ")))
                .as("the cancelled ones were not saved").isBetween(10L, 999L);
    }

    @Test
    void randomIdsThatCollideAreRetriedOnTheReactiveRouteUntilTheSpaceRunsOut() {
        routes = List.of(REACTIVE_ONLY);
        ConfigurableApplicationContext context = start(ReactiveApplication.class);
        ReactiveMongoTemplate template = context.getBean(ReactiveMongoTemplate.class);
        List<Long> ids = new ArrayList<>();
        ids.add(template.insert(new Raffle("a")).block().getId());
        ids.add(template.save(new Raffle("b")).block().getId());
        template.insert(List.of(new Raffle("c"), new Raffle("d")), Raffle.class).doOnNext(r -> ids.add(r.getId()))
                .blockLast();
        template.insertAll(List.of(new Raffle("e"))).doOnNext(r -> ids.add(r.getId())).blockLast();
        assertThat(ids).doesNotHaveDuplicates().allSatisfy(id -> assertThat(id).isBetween(1L, 9L));

        // all but one id taken behind the application's back: the next insert collides until it draws the last one
        long free = LongStream.rangeClosed(1, 9).filter(id -> !ids.contains(id)).findFirst().orElseThrow();
        LongStream.rangeClosed(1, 9).filter(id -> id != free && !ids.contains(id))
                .forEach(id -> database.getCollection("raffles").insertOne(new Document("_id", id)));
        assertThat(template.insert(new Raffle("f")).block().getId()).isEqualTo(free);

        Raffle last = new Raffle("g");
        assertThatThrownBy(() -> template.save(last).block())
                .isInstanceOf(RandomIdExhaustedException.class)
                .hasMessageContaining("'raffles'")
                .hasMessageContaining("200 attempts");
        assertThat(last.getId()).as("the caller's instance is left without the id it did not get").isNull();
        assertThat(database.getCollection("raffles").countDocuments()).isEqualTo(9);

        // a record through the repository: a new instance per attempt
        Draws draws = context.getBean(Draws.class);
        List<Long> numbers = Flux.range(0, 9).concatMap(i -> draws.save(new Draw(null, "p" + i))).map(Draw::number)
                .collectList().block();
        assertThat(numbers).containsExactlyInAnyOrderElementsOf(LongStream.rangeClosed(1, 9).boxed().toList());
        assertThatThrownBy(() -> draws.save(new Draw(null, "one too many")).block())
                .isInstanceOf(RandomIdExhaustedException.class)
                .hasMessageContaining("'draws'");
    }

    @Test
    void anApplicationWithBothRoutesSharesOneAllocatorPerSequenceAndNeverGivesAnIdTwice() throws Exception {
        routes = List.of(); // both starters: the blocking and the reactive route
        ConfigurableApplicationContext context = start(ReactiveApplication.class);
        assertThat(context.getBeansOfType(AssignIdsBeforeConvert.class)).hasSize(1);
        assertThat(context.getBeansOfType(AssignIdsBeforeReactiveConvert.class)).hasSize(1);
        assertThat(context.getBeansOfType(IdGenerators.class)).hasSize(1);
        MongoTemplate blocking = context.getBean(MongoTemplate.class);
        Parcels reactive = context.getBean(Parcels.class);
        int perThread = 500;
        Set<Long> taken = ConcurrentHashMap.newKeySet();
        List<Long> twice = new CopyOnWriteArrayList<>();
        // The two routes interleave by construction: every thread takes half its ids, waits until all eight have,
        // then takes the other half; so each route takes ids both before and after ids of the other.
        CyclicBarrier halfway = new CyclicBarrier(8);

        Concurrently.run(8, thread -> {
            java.util.function.LongConsumer took = id -> {
                if (!taken.add(id)) {
                    twice.add(id);
                }
            };
            for (int half = 0; half < 2; half++) {
                if (half == 1) {
                    halfway.await();
                }
                if (thread < 4) { // the blocking route
                    for (int i = 0; i < perThread / 2; i++) {
                        took.accept(blocking.insert(new Parcel(null, i)).id());
                    }
                } else {
                    Flux.range(0, perThread / 2).flatMap(i -> reactive.save(new Parcel(null, i))
                            .subscribeOn(Schedulers.parallel()), 2).doOnNext(parcel -> took.accept(parcel.id()))
                            .blockLast();
                }
            }
        });

        assertThat(twice).isEmpty();
        assertThat(taken).hasSize(8 * perThread);
        assertThat(database.getCollection("parcels").countDocuments()).isEqualTo(8 * perThread);
        assertThat(context.getBean(IdGenerators.class).sequences()).extracting(s -> s.spec().name())
                .containsOnlyOnce("parcels");
        SequenceAllocator parcels = context.getBean(IdGenerators.class).sequences().stream()
                .filter(s -> s.spec().name().equals("parcels")).findFirst().orElseThrow();
        assertThat(parcels.snapshot().idsHandedOut()).as("both routes took their ids from this one allocator")
                .isEqualTo(8L * perThread);
    }

    @Test
    void theSequencesMetersAndHealthCoverTheReactiveRoute() throws Exception {
        routes = List.of(REACTIVE_ONLY);
        ConfigurableApplicationContext context = start(ReactiveApplication.class);
        Parcels parcels = context.getBean(Parcels.class);
        Flux.range(0, 25).concatMap(i -> parcels.save(new Parcel(null, i))).blockLast();
        MeterRegistry registry = context.getBean(MeterRegistry.class);
        Object indicator = context.getBean("keysmithHealthIndicator");

        assertThat(registry.get("keysmith.sequence.ids").tag("sequence", "parcels").functionCounter().count())
                .isEqualTo(25);
        assertThat(registry.get("keysmith.sequence.ids.left").tag("sequence", "parcels").gauge().value())
                .isEqualTo(25);
        assertThat(status(indicator)).isEqualTo("UP");

        // a counter document keysmith must not touch: every reservation of 'entries' fails
        database.getCollection("keysmith_counters").insertOne(new Document("_id", "entries").append("next", "x"));
        Throwable failure = catchThrowable(() -> context.getBean(Entries.class).save(new Entry("e")).block());

        assertThat(failure).isInstanceOf(IdAllocationException.class);
        assertThat(status(indicator)).isEqualTo("DOWN");
        assertThat(registry.get("keysmith.sequence.failing").tag("sequence", "entries").gauge().value()).isEqualTo(1);
        assertThat(database.getCollection("entries").countDocuments()).isZero();
    }

    @Test
    void aMappingMistakeFailsTheStartOfAReactiveOnlyApplicationNamingTheField() {
        routes = List.of(REACTIVE_ONLY);
        Throwable failure = catchThrowable(() -> builder(WrongApplication.class).run());

        assertThat(NestedExceptionUtils.getMostSpecificCause(failure))
                .isInstanceOf(KeysmithMappingException.class)
                .hasMessageContaining("dev.keysmith.spring.mongodb.wrong.Coupon.code")
                .hasMessageContaining("@Sequence needs a long, Long, int or Integer field, but 'code' is a String");
    }

    private BsonValue rawIdWhere(String collection, String field, String value) {
        BsonDocument document = database.getCollection(collection, BsonDocument.class).find(Filters.eq(field, value))
                .first();
        assertThat(document).as("the document with %s = %s in %s", field, value, collection).isNotNull();
        return document.get("_id");
    }

    /** The indicator's status code: its Health type is in another package on each Boot line. */
    private static String status(Object indicator) throws ReflectiveOperationException {
        Object health = indicator.getClass().getMethod("health").invoke(indicator);
        return health.getClass().getMethod("getStatus").invoke(health).toString();
    }
}
