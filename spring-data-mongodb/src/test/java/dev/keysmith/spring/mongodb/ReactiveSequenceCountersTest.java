package dev.keysmith.spring.mongodb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.mongodb.client.model.Filters;
import dev.keysmith.mongodb.DuplicateSequenceIdException;
import dev.keysmith.runtime.CounterBehindDataException;
import dev.keysmith.runtime.CounterStatus;
import dev.keysmith.runtime.MalformedCounterException;
import dev.keysmith.runtime.testing.LogCapture;
import dev.keysmith.spring.mongodb.internal.KeysmithReactiveSequencesEndpoint;
import dev.keysmith.spring.mongodb.reactive.Entries;
import dev.keysmith.spring.mongodb.reactive.Entry;
import dev.keysmith.spring.mongodb.reactive.Memo;
import dev.keysmith.spring.mongodb.reactive.Parcel;
import dev.keysmith.spring.mongodb.reactive.Parcels;
import dev.keysmith.spring.mongodb.reactive.ReactiveApplication;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.logging.LogRecord;
import java.util.stream.IntStream;
import java.util.stream.LongStream;
import org.bson.Document;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.NestedExceptionUtils;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * Counters on the reactive route of Spring Data MongoDB, in applications without the blocking route: documents
 * imported with ids of a sequence, saves and inserts (one by one and in batches) that meet them resync and retry with
 * ids above the data, the start-up check ({@code keysmith.counter-check}), the counters bean and the Actuator
 * endpoint, a malformed counter. (Without blocking, with BlockHound on: {@link ReactiveNonBlockingTest}.)
 */
@Timeout(300)
class ReactiveSequenceCountersTest extends SpringMongoTestBase {

    @BeforeEach
    void reactiveOnly() {
        routes = List.of(REACTIVE_ONLY);
    }

    private List<Document> importInto(String collection, int count) {
        List<Document> imported = LongStream.rangeClosed(1, count)
                .mapToObj(id -> new Document("_id", id).append("text", "imported #" + id)).toList();
        database.getCollection(collection).insertMany(imported);
        return imported;
    }

    private List<Document> storedImports(String collection, int count) {
        return database.getCollection(collection).find(Filters.lte("_id", count)).sort(new Document("_id", 1))
                .into(new ArrayList<>());
    }

    private long counter(String name) {
        Document counter = database.getCollection("keysmith_counters").find(Filters.eq("_id", name)).first();
        return counter == null ? 0 : ((Number) counter.get("next")).longValue();
    }

    private static <T> T onParallel(Mono<T> call) {
        return call.subscribeOn(Schedulers.parallel()).block();
    }

    @Test
    void afterAnImportSavesAndInsertsResyncAndSucceedAboveTheDataOneByOneAndInBatches() {
        List<Document> entries = importInto("entries", 100);
        List<Document> parcels = importInto("parcels", 120);
        ConfigurableApplicationContext context = start(ReactiveApplication.class, "keysmith.counter-check=off");
        assertThat(context.getBeanNamesForType(KeysmithSequenceCounters.class)).as("no blocking route").isEmpty();
        Entries entryRepository = context.getBean(Entries.class);
        ReactiveMongoTemplate template = context.getBean(ReactiveMongoTemplate.class);

        List<Long> ids = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            ids.add(onParallel(entryRepository.save(new Entry("s" + i))).getId());
            ids.add(onParallel(entryRepository.insert(new Entry("i" + i))).getId());
            ids.add(onParallel(template.insert(new Entry("t" + i))).getId());
        }
        onParallel(entryRepository.saveAll(List.of(new Entry("b1"), new Entry("b2"), new Entry("b3"))).collectList())
                .forEach(entry -> ids.add(entry.getId()));
        List<Object> mixed = onParallel(template.insertAll(List.of(new Entry("m1"), new Memo("memo"),
                new Entry("m2"))).collectList());
        ids.add(((Entry) mixed.get(0)).getId());
        ids.add(((Entry) mixed.get(2)).getId());
        ids.add(onParallel(template.insert(Mono.just(new Entry("mono")))).getId());
        List<Parcel> records = onParallel(context.getBean(Parcels.class)
                .saveAll(IntStream.range(0, 7).mapToObj(i -> new Parcel(null, i)).toList()).collectList());

        assertThat(ids).hasSize(21).doesNotHaveDuplicates().allMatch(id -> id > 100);
        assertThat(ids.subList(15, 18)).as("a batch's ids in its order").isSorted();
        assertThat(((Memo) mixed.get(1)).getId()).isNotNull();
        assertThat(records).extracting(Parcel::id).doesNotHaveDuplicates().allMatch(id -> id > 120);
        assertThat(storedImports("entries", 100)).as("no import overwritten").isEqualTo(entries);
        assertThat(storedImports("parcels", 120)).isEqualTo(parcels);
        assertThat(database.getCollection("entries").countDocuments()).isEqualTo(121);
    }

    @Test
    void withTheResyncOffACollidingSequenceIdIsADuplicateKeyExceptionNamingTheSequenceAndTheFix() {
        List<Document> imported = importInto("entries", 100);
        ConfigurableApplicationContext context = start(ReactiveApplication.class,
                "keysmith.resync-on-duplicate-id=false", "keysmith.counter-check=off");
        Entry entry = new Entry("dup");

        assertThatThrownBy(() -> onParallel(context.getBean(Entries.class).save(entry)))
                .isInstanceOf(DuplicateKeyException.class)
                .hasMessageContaining("inserting Entry into 'entries'")
                .hasMessageContaining("_id 1,")
                .hasMessageContaining("sequence 'entries'")
                .hasMessageContaining("the resync on a duplicate is off")
                .hasMessageContaining("KeysmithReactiveSequenceCounters.resync(Entry.class)")
                .hasCauseInstanceOf(DuplicateSequenceIdException.class);
        assertThat(entry.getId()).as("the caller's instance keeps no id").isNull();
        importInto("parcels", 100);
        assertThatThrownBy(() -> onParallel(context.getBean(Parcels.class).save(new Parcel(null, 1))))
                .as("a record's id is named too").isInstanceOf(DuplicateKeyException.class)
                .hasMessageContaining("inserting Parcel into 'parcels'").hasMessageContaining("_id 1,");
        assertThat(storedImports("entries", 100)).isEqualTo(imported);
        assertThat(database.getCollection("entries").countDocuments()).isEqualTo(100);
    }

    @Test
    void theStartupCheckWarnsByDefaultFailsOrResyncsAsSet() {
        importInto("entries", 100);
        Throwable failure = NestedExceptionUtils.getMostSpecificCause(
                catchThrowable(() -> builder(ReactiveApplication.class, "keysmith.counter-check=fail").run()));
        assertThat(failure).isInstanceOf(CounterBehindDataException.class)
                .hasMessageContaining("counter 'entries' of sequence 'entries' is at 0")
                .hasMessageContaining("largest id there is 100")
                .hasMessageContaining("KeysmithReactiveSequenceCounters.resync(Entry.class)")
                .hasMessageContaining("keysmith.counter-check");

        List<LogRecord> warnings;
        try (LogCapture log = LogCapture.of("dev.keysmith.mongodb.SequenceCounters")) {
            start(ReactiveApplication.class);
            warnings = log.records();
        }
        assertThat(warnings).singleElement().satisfies(record -> assertThat(record.getMessage())
                .contains("sequence 'entries' is at 0", "largest id there is 100"));
        assertThat(counter("entries")).as("a check changes nothing").isZero();

        start(ReactiveApplication.class, "keysmith.counter-check=off");
        assertThat(counter("entries")).isZero();

        ConfigurableApplicationContext resyncing = start(ReactiveApplication.class, "keysmith.counter-check=resync");
        assertThat(counter("entries")).isEqualTo(100);
        assertThat(onParallel(resyncing.getBean(Entries.class).save(new Entry("after"))).getId()).isEqualTo(101);
    }

    @Test
    void theBeanAndTheEndpointCheckWithoutChangingAnythingAndResync() {
        importInto("entries", 100);
        ConfigurableApplicationContext context = start(ReactiveApplication.class, "keysmith.counter-check=off");
        KeysmithReactiveSequenceCounters counters = context.getBean(KeysmithReactiveSequenceCounters.class);

        assertThat(onParallel(counters.check())).filteredOn(status -> status.sequence().equals("entries"))
                .singleElement().satisfies(status -> assertThat(status.behind()).isTrue());
        KeysmithReactiveSequencesEndpoint endpoint = context.getBean(KeysmithReactiveSequencesEndpoint.class);
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> read = (List<Map<String, Object>>) onParallel(endpoint.counters()).get("counters");
        assertThat(read).filteredOn(counter -> counter.get("sequence").equals("entries")).singleElement()
                .satisfies(counter -> assertThat(counter).containsEntry("behind", true)
                        .containsEntry("largestId", 100L).containsEntry("counterValue", 0L));
        assertThat(counter("entries")).as("a check changes nothing").isZero();

        @SuppressWarnings("unchecked")
        List<Map<String, Object>> resynced = (List<Map<String, Object>>) onParallel(endpoint.resync("Entry"))
                .get("resynced");
        assertThat(resynced).singleElement().satisfies(counter -> assertThat(counter)
                .containsEntry("counterAfter", 100L));
        assertThat(counter("entries")).isEqualTo(100);
        assertThat(onParallel(counters.resync(Entry.class))).singleElement()
                .satisfies(status -> assertThat(status.counterAfter()).isEqualTo(100));
        assertThat(onParallel(counters.resyncAll())).extracting(CounterStatus::sequence)
                .contains("entries", "parcels", "stamps");
        assertThatThrownBy(() -> onParallel(endpoint.resync("Nope"))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'Nope'");
        assertThatThrownBy(() -> counters.resync(Memo.class)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("has no keysmith @Sequence id");
    }

    @Test
    void theEndpointReadsAndResyncsOverHttp() throws Exception {
        importInto("entries", 100);
        ConfigurableApplicationContext context = startWeb(ReactiveApplication.class, "keysmith.counter-check=off",
                "management.endpoints.web.exposure.include=keysmithsequences");
        URI endpoint = URI.create("http://127.0.0.1:" + context.getEnvironment().getProperty("local.server.port")
                + "/actuator/keysmithsequences");
        HttpClient http = HttpClient.newHttpClient();

        HttpResponse<String> read = http.send(HttpRequest.newBuilder(endpoint).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(read.statusCode()).isEqualTo(200);
        assertThat(read.body()).startsWith("{\"counters\":[").contains("{\"sequence\":\"entries\",\"counter\":"
                + "\"entries\",\"firstId\":1,\"lastId\":9223372036854775807,\"counterValue\":0,\"largestId\":100,"
                + "\"behind\":true,\"counterAfter\":0}");
        assertThat(counter("entries")).as("a GET changes nothing").isZero();

        HttpResponse<String> resynced = http.send(HttpRequest.newBuilder(endpoint)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"entity\": \"Entry\"}")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(resynced.statusCode()).isEqualTo(200);
        assertThat(resynced.body()).isEqualTo("{\"resynced\":[{\"sequence\":\"entries\",\"counter\":\"entries\","
                + "\"firstId\":1,\"lastId\":9223372036854775807,\"counterValue\":0,\"largestId\":100,\"behind\":true,"
                + "\"counterAfter\":100}]}");
        assertThat(counter("entries")).isEqualTo(100);
    }

    @Test
    void aMalformedCounterIsAClearErrorAndIsLeftAsItWas() {
        importInto("entries", 3);
        database.getCollection("keysmith_counters").insertOne(new Document("_id", "entries").append("next", 2.5));
        ConfigurableApplicationContext context = start(ReactiveApplication.class, "keysmith.counter-check=off");
        KeysmithReactiveSequenceCounters counters = context.getBean(KeysmithReactiveSequenceCounters.class);

        assertThatThrownBy(() -> onParallel(counters.resync(Entry.class)))
                .isInstanceOfSatisfying(MalformedCounterException.class, e -> assertThat(e)
                        .hasMessageContaining("'entries'").hasMessageContaining("2.5")
                        .hasMessageContaining("left unchanged"));
        assertThatThrownBy(() -> onParallel(counters.check())).isInstanceOf(MalformedCounterException.class);
        assertThat(database.getCollection("keysmith_counters").find(Filters.eq("_id", "entries")).first()
                .get("next")).isEqualTo(2.5);
    }
}
