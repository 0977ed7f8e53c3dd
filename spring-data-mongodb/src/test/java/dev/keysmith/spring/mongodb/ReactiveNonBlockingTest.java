package dev.keysmith.spring.mongodb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.springframework.data.mongodb.core.query.Criteria.where;
import static org.springframework.data.mongodb.core.query.Query.query;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.reactivestreams.client.MongoClient;
import com.mongodb.reactivestreams.client.MongoClients;
import dev.keysmith.mongodb.reactive.NonBlocking;
import dev.keysmith.runtime.RandomIdExhaustedException;
import dev.keysmith.runtime.SequenceAllocator;
import dev.keysmith.runtime.SequenceSpec;
import dev.keysmith.runtime.testing.ManualAsyncCounterStore;
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
import dev.keysmith.spring.mongodb.reactive.Stamp;
import dev.keysmith.spring.mongodb.reactive.Stamps;
import dev.keysmith.spring.mongodb.reactive.Trip;
import dev.keysmith.spring.mongodb.reactive.Trips;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.IntFunction;
import java.util.function.ToLongFunction;
import java.util.stream.IntStream;
import java.util.stream.LongStream;
import org.bson.Document;
import org.bson.UuidRepresentation;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.data.mongodb.core.BulkOperations.BulkMode;
import org.springframework.data.mongodb.core.FindAndModifyOptions;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import org.springframework.data.mongodb.core.query.Update;
import org.springframework.data.repository.reactive.ReactiveCrudRepository;
import reactor.blockhound.BlockingOperationError;
import reactor.core.Exceptions;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * The Spring reactive route with BlockHound on (keysmith-mongodb-reactive's setup, {@link NonBlocking}): every save
 * is subscribed on Reactor's non-blocking threads, and the driver's I/O threads (where the ids' continuations and the
 * template's work after them run) are watched too; a sampler looks for keysmith frames that wait. Two applications
 * (two clients) on one database with eight concurrent subscribers each, on a continuous sequence (batch 1), a
 * prefetched one (batch 50) and striped counters: no id twice, none above its counter; and a counter behind imported
 * data, which every subscriber meets at once, resynced and retried on the same threads. The template's other calls the
 * same way: upserts ({@code upsert}, {@code findAndModify}, bulk), replacements and the {@code Mono}-taking inserts
 * with their {@code @RandomId} retries.
 */
@Timeout(600) // the machine these run on may be loaded many times over
class ReactiveNonBlockingTest extends SpringMongoTestBase {

    /**
     * Ids per sequence: 2,000 (sixteen subscribers over two applications meet at every range many times over); the
     * flake hunter ({@code .ci/stress}) repeats the class under load, and {@code -Dkeysmith.test.reactive-ids} takes
     * more in one run.
     */
    private static final int IDS = Integer.getInteger("keysmith.test.reactive-ids", 2_000);
    private static final int SUBSCRIBERS = 8;
    /** Upserts per sequence: a tenth of {@link #IDS}. */
    private static final int UPSERTS = IDS / 10;

    private final List<MongoClient> watchedClients = new ArrayList<>();
    private final List<ConfigurableApplicationContext> applications = new ArrayList<>();

    @BeforeEach
    void twoApplications() {
        NonBlocking.install();
        routes = List.of(REACTIVE_ONLY);
        for (int i = 0; i < 2; i++) {
            // the application's reactive client, whose I/O threads BlockHound watches; Boot uses it as its own
            MongoClientSettings.Builder settings = MongoClientSettings.builder()
                    .applyConnectionString(new ConnectionString(mongo.uri()))
                    .uuidRepresentation(UuidRepresentation.STANDARD);
            NonBlocking.onWatchedThreads(settings);
            MongoClient watched = MongoClients.create(settings.build());
            watchedClients.add(watched);
            ConfigurableApplicationContext application = start(builder(ReactiveApplication.class)
                    .initializers(context -> context.getBeanFactory()
                            .registerSingleton("reactiveStreamsMongoClient", watched)));
            // One save on this thread first: Actuator's repository metrics make their registry on the first
            // repository call, under a lock that concurrent first calls park on (Boot's, once; not keysmith's).
            application.getBean(Memos.class).save(new Memo("warm-up")).block();
            applications.add(application);
        }
    }

    @AfterEach
    void closeClients() {
        watchedClients.forEach(MongoClient::close);
    }

    @Test
    void theDetectorFailsAKeysmithWaitOnANonBlockingThread() {
        // the control: the blocking route's way to a sequence id (next()) where it must wait, for a reservation that
        // never completes, called on a parallel thread: BlockHound, installed for this JVM, must stop it
        ManualAsyncCounterStore never = new ManualAsyncCounterStore();
        try (SequenceAllocator waiting = SequenceAllocator.openAsync(SequenceSpec.of("control").withBatch(1), never)) {
            assertThatThrownBy(() -> Mono.fromCallable(waiting::next).subscribeOn(Schedulers.parallel()).block())
                    .satisfies(e -> assertThat(Exceptions.unwrap(e)).isInstanceOf(BlockingOperationError.class)
                            .hasMessageContaining("Blocking call"));
        }
    }

    @Test
    void batchOneFromTwoApplicationsWithEightSubscribersEachGivesNoIdTwiceAndNoneAboveTheCounter() throws Exception {
        List<Long> ids = saveFromBothApplications(Entries.class, i -> new Entry("e" + i), Entry::getId);

        assertDistinctAndCounted(ids, "entries");
        assertThat(ids).containsExactlyInAnyOrderElementsOf(LongStream.rangeClosed(1, IDS).boxed().toList());
    }

    @Test
    void batchFiftyWithPrefetchFromTwoApplicationsGivesNoIdTwiceAndNoneAboveTheCounter() throws Exception {
        List<Long> ids = saveFromBothApplications(Parcels.class, i -> new Parcel(null, i), Parcel::id);

        assertDistinctAndCounted(ids, "parcels");
    }

    @Test
    void stripedCountersFromTwoApplicationsGiveNoIdTwiceEachInItsCountersRange() throws Exception {
        List<Long> ids = saveFromBothApplications(Stamps.class, i -> new Stamp(null, "s" + i), Stamp::id);

        assertThat(Set.copyOf(ids)).hasSize(IDS);
        // four counters over [1, 999999]: counter i owns [1 + 250000 i, 250000 (i + 1)] minus the last one's share
        Document counters = new Document();
        database.getCollection("keysmith_counters").find()
                .forEach(counter -> counters.put(counter.getString("_id"), counter.get("next")));
        for (long id : ids) {
            int stripe = (int) ((id - 1) / 250_000);
            long next = ((Number) counters.get("stamps#" + stripe)).longValue();
            assertThat(id - 1 - 250_000L * stripe).as("id %d within what counter %d reserved", id, stripe)
                    .isLessThan(next);
        }
    }

    @Test
    void aCounterBehindImportedDataMetByEverySubscriberOfTwoApplicationsAtOnceIsResyncedWithoutBlocking()
            throws Exception {
        int imported = 300;
        int saves = Math.min(IDS, 1_000);
        List<Document> restored = new ArrayList<>();
        for (long id = 1; id <= imported; id++) {
            restored.add(new Document("_id", id).append("text", "imported #" + id));
        }
        database.getCollection("entries").insertMany(restored);

        // the first 2 x 8 ids (1..16) all meet the import at once: sixteen resyncs overlap, each save retries once
        NonBlocking.Sampled<List<Entry>> run = NonBlocking.whileSampling(() -> Flux.merge(applications.stream()
                .map(application -> application.getBean(Entries.class))
                .map(entries -> Flux.range(0, saves / applications.size()).flatMap(i -> entries
                        .save(new Entry("new #" + i)).subscribeOn(Schedulers.parallel()), SUBSCRIBERS))
                .toList()).collectList().block(Duration.ofSeconds(500)));

        assertThat(run.parked()).as("keysmith frames that waited").isEmpty();
        List<Long> ids = run.result().stream().map(Entry::getId).toList();
        assertThat(ids).hasSize(saves).doesNotHaveDuplicates().allMatch(id -> id > imported);
        assertDistinctAndCounted(ids, "entries");
        assertThat(database.getCollection("entries").countDocuments(new Document("text",
                new Document("$regex", "^imported #")))).as("no import overwritten").isEqualTo(imported);
        assertThat(database.getCollection("entries").countDocuments()).isEqualTo(imported + saves);
    }

    @Test
    void theOtherStrategiesAndRandomIdRetriesRunWithoutBlocking() {
        ConfigurableApplicationContext context = applications.get(0);
        List<Memo> memos = Flux.range(0, 200).flatMap(i -> context.getBean(Memos.class).save(new Memo("m" + i))
                .subscribeOn(Schedulers.parallel()), SUBSCRIBERS).collectList().block();
        List<Trip> trips = Flux.range(0, 200).flatMap(i -> context.getBean(Trips.class).save(new Trip(null, "t" + i))
                .subscribeOn(Schedulers.parallel()), SUBSCRIBERS).collectList().block();
        Draws draws = context.getBean(Draws.class);
        List<Draw> nine = Flux.range(0, 9).concatMap(i -> draws.save(new Draw(null, "p" + i))
                .subscribeOn(Schedulers.parallel())).collectList().block();

        assertThat(memos).extracting(Memo::getId).doesNotContainNull().doesNotHaveDuplicates();
        assertThat(trips).extracting(Trip::id).doesNotContainNull().doesNotHaveDuplicates()
                .allSatisfy(id -> assertThat(id.version()).isEqualTo(7));
        assertThat(nine).extracting(Draw::number)
                .containsExactlyInAnyOrderElementsOf(LongStream.rangeClosed(1, 9).boxed().toList());
        assertThatThrownBy(() -> draws.save(new Draw(null, "one too many")).subscribeOn(Schedulers.parallel()).block())
                .isInstanceOf(RandomIdExhaustedException.class);
    }

    @Test
    void upsertsOfAContinuousSequenceFromTwoApplicationsGiveNoIdTwiceAndNoneAboveTheCounter() throws Exception {
        List<Long> ids = upsertFromBothApplications((template, i) -> template.upsert(query(where("text").is("u" + i)),
                Update.update("text", "u" + i), Entry.class).map(result -> result.getUpsertedId().asInt64().getValue()));

        assertDistinctAndCounted(ids, "entries");
        assertThat(ids).as("every upsert inserted, so no id was left unused")
                .containsExactlyInAnyOrderElementsOf(LongStream.rangeClosed(1, UPSERTS).boxed().toList());
    }

    @Test
    void findAndModifyAndBulkUpsertsWithPrefetchFromTwoApplicationsGiveNoIdTwiceAndNoneAboveTheCounter()
            throws Exception {
        List<Long> ids = upsertFromBothApplications((template, i) -> i % 2 == 0
                ? template.findAndModify(query(where("weight").is(i)), Update.update("weight", i),
                        FindAndModifyOptions.options().upsert(true).returnNew(true), Parcel.class).map(Parcel::id)
                : template.bulkOps(BulkMode.UNORDERED, Parcel.class)
                        .upsert(query(where("weight").is(i)), Update.update("weight", i)).execute()
                        .map(result -> result.getUpserts().get(0).getId().asInt64().getValue()));

        assertDistinctAndCounted(ids, "parcels");
        assertThat(applications.get(0).getBean(Parcels.class).count().block()).isEqualTo(UPSERTS);
    }

    @Test
    void replacementsTheMonoOverloadsAndTheirRandomIdRetriesRunWithoutBlocking() throws Exception {
        ReactiveMongoTemplate template = applications.get(0).getBean(ReactiveMongoTemplate.class);
        NonBlocking.Sampled<List<Raffle>> run = NonBlocking.whileSampling(() -> {
            List<Entry> batch = template.insertAll(Mono.just(IntStream.range(0, 50).mapToObj(i -> new Entry("b" + i))
                    .toList())).subscribeOn(Schedulers.parallel()).collectList().block();
            assertThat(batch).extracting(Entry::getId).isSorted().doesNotHaveDuplicates().doesNotContainNull();
            Memo memo = template.save(Mono.just(new Memo("saved"))).subscribeOn(Schedulers.parallel()).block();
            assertThat(memo.getId()).isNotNull();
            Entry replaced = template.findAndReplace(query(where("text").is("b0")), new Entry("r0"))
                    .subscribeOn(Schedulers.parallel()).block();
            assertThat(replaced.getId()).isEqualTo(batch.get(0).getId());
            // nine one-digit ids: the later inserts collide until they draw one left, on parallel threads
            return Flux.range(0, 9).concatMap(i -> template.insert(Mono.just(new Raffle("p" + i)))
                    .subscribeOn(Schedulers.parallel())).collectList().block();
        });

        assertThat(run.parked()).as("keysmith frames that waited").isEmpty();
        assertThat(run.result()).extracting(Raffle::getId)
                .containsExactlyInAnyOrderElementsOf(LongStream.rangeClosed(1, 9).boxed().toList());
        assertThatThrownBy(() -> template.upsert(query(where("prize").is("one too many")),
                Update.update("prize", "one too many"), Raffle.class).subscribeOn(Schedulers.parallel()).block())
                .isInstanceOf(RandomIdExhaustedException.class);
        assertThatThrownBy(() -> template.save(Mono.just(new Raffle("one too many")))
                .subscribeOn(Schedulers.parallel()).block())
                .isInstanceOf(RandomIdExhaustedException.class);
    }

    /**
     * Makes {@link #UPSERTS} upserts, each with its own query, through the reactive template of both applications
     * at once, {@value #SUBSCRIBERS} concurrent subscribers each, on Reactor's parallel threads, sampling meanwhile for
     * keysmith frames that wait; returns the ids the upserts inserted.
     */
    private List<Long> upsertFromBothApplications(BiFunction<ReactiveMongoTemplate, Integer, Mono<Long>> upsert)
            throws Exception {
        NonBlocking.Sampled<List<Long>> run = NonBlocking.whileSampling(() -> {
            List<Flux<Long>> perApplication = new ArrayList<>();
            for (int a = 0; a < applications.size(); a++) {
                ReactiveMongoTemplate template = applications.get(a).getBean(ReactiveMongoTemplate.class);
                perApplication.add(Flux.range(a * UPSERTS / 2, UPSERTS / 2)
                        .flatMap(i -> upsert.apply(template, i).subscribeOn(Schedulers.parallel()), SUBSCRIBERS));
            }
            return Flux.merge(perApplication).collectList().block(Duration.ofSeconds(500));
        });
        assertThat(run.parked()).as("keysmith frames that waited").isEmpty();
        assertThat(run.result()).hasSize(UPSERTS);
        return run.result();
    }

    /**
     * Saves {@link #IDS} entities through the reactive repository {@code repository} of both applications at once,
     * {@value #SUBSCRIBERS} concurrent subscribers each, on Reactor's parallel threads, sampling meanwhile for
     * keysmith frames that wait; returns the ids.
     */
    private <T> List<Long> saveFromBothApplications(Class<? extends ReactiveCrudRepository<T, Long>> repository,
            IntFunction<T> entity, ToLongFunction<T> id) throws Exception {
        NonBlocking.Sampled<List<T>> run = NonBlocking.whileSampling(() -> {
            List<Flux<T>> perApplication = new ArrayList<>();
            for (int a = 0; a < applications.size(); a++) {
                ReactiveCrudRepository<T, Long> repositoryOfA = applications.get(a).getBean(repository);
                Function<Integer, Mono<T>> save = i -> repositoryOfA.save(entity.apply(i))
                        .subscribeOn(Schedulers.parallel());
                perApplication.add(Flux.range(a * IDS / 2, IDS / 2).flatMap(save, SUBSCRIBERS));
            }
            return Flux.merge(perApplication).collectList().block(Duration.ofSeconds(500));
        });
        List<String> parked = run.parked();
        List<T> saved = run.result();
        assertThat(parked).as("keysmith frames that waited").isEmpty();
        assertThat(saved).hasSize(IDS);
        assertThat(applications.get(0).getBean(repository).count().block()).isEqualTo(IDS);
        return saved.stream().map(id::applyAsLong).toList();
    }

    private void assertDistinctAndCounted(List<Long> ids, String counter) {
        assertThat(Set.copyOf(ids)).as("distinct ids").hasSize(ids.size());
        long next = ((Number) database.getCollection("keysmith_counters").find(new Document("_id", counter)).first()
                .get("next")).longValue();
        assertThat(ids).allMatch(value -> value >= 1 && value <= next);
    }
}
