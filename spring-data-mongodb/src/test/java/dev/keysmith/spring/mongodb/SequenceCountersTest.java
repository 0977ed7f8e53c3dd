package dev.keysmith.spring.mongodb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.ReplaceOptions;
import dev.keysmith.mongodb.DuplicateSequenceIdException;
import dev.keysmith.runtime.CounterBehindDataException;
import dev.keysmith.runtime.CounterStatus;
import dev.keysmith.runtime.IdSpaceExhaustedException;
import dev.keysmith.runtime.testing.Concurrently;
import dev.keysmith.runtime.testing.LogCapture;
import dev.keysmith.spring.mongodb.app.Order;
import dev.keysmith.spring.mongodb.app.Orders;
import dev.keysmith.spring.mongodb.app.SharedInvoice;
import dev.keysmith.spring.mongodb.app.SharedInvoices;
import dev.keysmith.spring.mongodb.app.TestApplication;
import dev.keysmith.spring.mongodb.internal.KeysmithSequencesEndpoint;
import java.math.BigDecimal;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.logging.LogRecord;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.LongStream;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonString;
import org.junit.jupiter.api.Test;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.NestedExceptionUtils;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.data.mongodb.core.MongoTemplate;

/**
 * Counters through an application's life on Spring Data MongoDB: documents imported with ids of a sequence, the
 * start-up check ({@code keysmith.counter-check}), the resync (bean, Actuator endpoint, while two applications
 * insert), a duplicate sequence id on save, and the bound at the end of the longs.
 */
class SequenceCountersTest extends SpringMongoTestBase {

    private List<BsonDocument> importOrders() {
        List<BsonDocument> imported = LongStream.rangeClosed(1, 100)
                .mapToObj(id -> new BsonDocument("_id", new BsonInt64(id)).append("item", new BsonString("#" + id)))
                .toList();
        database.getCollection("orders", BsonDocument.class).insertMany(imported);
        return imported;
    }

    private List<BsonDocument> storedImports() {
        return database.getCollection("orders", BsonDocument.class).find(Filters.lte("_id", 100))
                .sort(new BsonDocument("_id", new BsonInt32(1))).into(new ArrayList<>());
    }

    private long counter(String name) {
        BsonDocument counter = database.getCollection("keysmith_counters", BsonDocument.class)
                .find(Filters.eq("_id", name)).first();
        return counter == null ? 0 : counter.getNumber("next").longValue();
    }

    @Test
    void afterAnImportSavesResyncAndSucceedAboveTheDataOneByOneAndInBatches() {
        List<BsonDocument> imported = importOrders();
        ConfigurableApplicationContext context = start(TestApplication.class);
        Orders orders = context.getBean(Orders.class);

        List<Long> ids = new ArrayList<>();
        for (int i = 0; i < 15; i++) {
            ids.add(orders.save(new Order("o" + i)).getId());
        }
        List<Order> batch = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            batch.add(new Order("b" + i));
        }
        orders.saveAll(batch).forEach(order -> ids.add(order.getId()));
        context.getBean(MongoTemplate.class).insertAll(List.of(new Order("t1"), new Order("t2")))
                .forEach(order -> ids.add(order.getId()));

        assertThat(ids).hasSize(29).doesNotHaveDuplicates().allMatch(id -> id > 100);
        assertThat(storedImports()).isEqualTo(imported);
        assertThat(orders.count()).isEqualTo(129);
    }

    @Test
    void withTheResyncOffADuplicateSequenceIdIsADuplicateKeyExceptionNamingTheSequenceAndTheFix() {
        List<BsonDocument> imported = importOrders();
        ConfigurableApplicationContext context = start(TestApplication.class, "keysmith.resync-on-duplicate-id=false");
        Order order = new Order("dup");

        assertThatThrownBy(() -> context.getBean(Orders.class).save(order))
                .isInstanceOf(DuplicateKeyException.class)
                .hasMessageContaining("inserting Order into 'orders'")
                .hasMessageContaining("_id 1,")
                .hasMessageContaining("sequence 'orders'")
                .hasMessageContaining("KeysmithSequenceCounters.resync(Order.class)")
                .hasCauseInstanceOf(DuplicateSequenceIdException.class);
        assertThat(order.getId()).as("the caller's instance keeps no id").isNull();
        database.getCollection("spring_invoices", BsonDocument.class)
                .insertOne(new BsonDocument("_id", new BsonInt64(1)));
        assertThatThrownBy(() -> context.getBean(SharedInvoices.class).save(new SharedInvoice(null, BigDecimal.TEN)))
                .as("a record's id is named too").isInstanceOf(DuplicateKeyException.class)
                .hasMessageContaining("inserting SharedInvoice into 'spring_invoices'").hasMessageContaining("_id 1,");
        assertThat(storedImports()).isEqualTo(imported);
        assertThat(database.getCollection("orders").countDocuments()).isEqualTo(100);
    }

    @Test
    void theStartupCheckWarnsByDefaultFailsOrResyncsAsSet() {
        importOrders();
        Throwable failure = NestedExceptionUtils.getMostSpecificCause(
                catchThrowable(() -> builder(TestApplication.class, "keysmith.counter-check=fail").run()));
        assertThat(failure).isInstanceOf(CounterBehindDataException.class)
                .hasMessageContaining("counter 'orders' of sequence 'orders' is at 0")
                .hasMessageContaining("largest id there is 100")
                .hasMessageContaining("KeysmithSequenceCounters.resync(Order.class)")
                .hasMessageContaining("keysmith.counter-check");

        List<LogRecord> warnings;
        try (LogCapture log = LogCapture.of("dev.keysmith.mongodb.SequenceCounters")) {
            start(TestApplication.class);
            warnings = log.records();
        }
        assertThat(warnings).singleElement().satisfies(record -> assertThat(record.getMessage())
                .contains("sequence 'orders' is at 0", "largest id there is 100"));
        assertThat(counter("orders")).isZero();

        ConfigurableApplicationContext resyncing = start(TestApplication.class, "keysmith.counter-check=resync");
        assertThat(counter("orders")).isEqualTo(100);
        assertThat(resyncing.getBean(Orders.class).save(new Order("after")).getId()).isEqualTo(101);
    }

    @Test
    void theBeanAndTheActuatorEndpointCheckAndResync() {
        importOrders();
        ConfigurableApplicationContext context = start(TestApplication.class, "keysmith.counter-check=off");
        KeysmithSequenceCounters counters = context.getBean(KeysmithSequenceCounters.class);

        assertThat(counters.check()).filteredOn(status -> status.sequence().equals("orders")).singleElement()
                .satisfies(status -> assertThat(status.behind()).isTrue());
        KeysmithSequencesEndpoint endpoint = context.getBean(KeysmithSequencesEndpoint.class);
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> read = (List<Map<String, Object>>) endpoint.counters().get("counters");
        assertThat(read).filteredOn(counter -> counter.get("sequence").equals("orders")).singleElement()
                .satisfies(counter -> {
                    assertThat(counter).containsEntry("behind", true).containsEntry("largestId", 100L)
                            .containsEntry("counterValue", 0L);
                });

        @SuppressWarnings("unchecked")
        List<Map<String, Object>> resynced = (List<Map<String, Object>>) endpoint.resync("Order").get("resynced");
        assertThat(resynced).singleElement().satisfies(counter -> assertThat(counter).containsEntry("counterAfter",
                100L));
        assertThat(counter("orders")).isEqualTo(100);
        assertThat(counters.resync(Order.class)).singleElement()
                .satisfies(status -> assertThat(status.counterAfter()).isEqualTo(100));
        assertThat(counters.resyncAll()).extracting(CounterStatus::sequence).contains("orders", "invoices");
        assertThatThrownBy(() -> endpoint.resync("Nope")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'Nope'");
    }

    @Test
    void theActuatorEndpointReadsAndResyncsOverHttp() throws Exception {
        importOrders();
        ConfigurableApplicationContext context = startWeb(TestApplication.class, "keysmith.counter-check=off",
                "management.endpoints.web.exposure.include=keysmithsequences");
        URI endpoint = URI.create("http://127.0.0.1:" + context.getEnvironment().getProperty("local.server.port")
                + "/actuator/keysmithsequences");
        HttpClient http = HttpClient.newHttpClient();

        HttpResponse<String> read = http.send(HttpRequest.newBuilder(endpoint).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(read.statusCode()).isEqualTo(200);
        assertThat(read.headers().firstValue("Content-Type")).hasValueSatisfying(type -> assertThat(type)
                .contains("json"));
        assertThat(read.body()).startsWith("{\"counters\":[");
        assertThat(countersOf(read.body(), "orders")).singleElement().satisfies(counter -> assertThat(counter)
                .contains("\"counter\":\"orders\"", "\"counterValue\":0", "\"largestId\":100",
                        "\"behind\":true"));
        assertThat(counter("orders")).as("a GET changes nothing").isZero();

        HttpResponse<String> resynced = http.send(HttpRequest.newBuilder(endpoint)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"entity\": \"Order\"}")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(resynced.statusCode()).isEqualTo(200);
        assertThat(resynced.body()).startsWith("{\"resynced\":[");
        assertThat(countersOf(resynced.body(), "orders")).singleElement().satisfies(counter -> assertThat(counter)
                .contains("\"counterValue\":0", "\"largestId\":100", "\"counterAfter\":100"));
        assertThat(countersOf(resynced.body(), "invoices")).as("only the entity asked for").isEmpty();
        assertThat(counter("orders")).isEqualTo(100);
        assertThat(context.getBean(Orders.class).save(new Order("after")).getId()).isEqualTo(101);

        // every sequence: an empty JSON object (a POST without a JSON body is refused by Actuator, 415)
        HttpResponse<String> all = http.send(HttpRequest.newBuilder(endpoint)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{}")).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(all.statusCode()).isEqualTo(200);
        // the save reserved a batch of 10 (and maybe prefetched one) above 100: nothing behind, nothing raised
        assertThat(countersOf(all.body(), "orders")).singleElement().satisfies(counter -> {
            assertThat(counter).contains("\"largestId\":101", "\"behind\":false");
            assertThat(field(counter, "counterValue")).isGreaterThanOrEqualTo(110)
                    .isEqualTo(field(counter, "counterAfter"));
        });
        assertThat(countersOf(all.body(), "invoices")).as("every sequence").isNotEmpty();
    }

    /** The JSON objects of the counters of {@code sequence} in a body of the endpoint (its keys come in one order). */
    private static List<String> countersOf(String body, String sequence) {
        Matcher counters = Pattern.compile("\\{\"sequence\":\"" + Pattern.quote(sequence) + "\"[^{}]*}")
                .matcher(body);
        List<String> found = new ArrayList<>();
        while (counters.find()) {
            found.add(counters.group());
        }
        return found;
    }

    /** The number under {@code key} in one counter's JSON object. */
    private static long field(String counter, String key) {
        Matcher value = Pattern.compile("\"" + key + "\":(-?\\d+)").matcher(counter);
        assertThat(value.find()).as("%s in %s", key, counter).isTrue();
        return Long.parseLong(value.group(1));
    }

    @Test
    void resyncWhileFourThreadsSaveOnTwoApplicationsHandsOutNoIdTwiceAndFailsNoSave() throws Exception {
        List<BsonDocument> imported = importOrders();
        List<ConfigurableApplicationContext> applications = List.of(start(TestApplication.class),
                start(TestApplication.class));
        Set<Long> ids = ConcurrentHashMap.newKeySet();
        int perThread = 50;

        Concurrently.run(5, thread -> {
            if (thread == 4) {
                for (int i = 0; i < 10; i++) {
                    applications.get(i % 2).getBean(KeysmithSequenceCounters.class).resync(Order.class);
                }
                return;
            }
            Orders orders = applications.get(thread % 2).getBean(Orders.class);
            for (int i = 0; i < perThread; i++) {
                Long id = orders.save(new Order("t" + thread + "-" + i)).getId();
                assertThat(ids.add(id)).as("id %s twice", id).isTrue();
            }
        });

        assertThat(ids).hasSize(4 * perThread).allMatch(id -> id > 100);
        assertThat(storedImports()).isEqualTo(imported);
        assertThat(database.getCollection("orders").countDocuments()).isEqualTo(100 + 4 * perThread);
    }

    @Test
    void aCounterFiveBelowTheLargestLongHandsOutFiveIdsAndIsNeverWrittenPastIt() {
        MongoCollection<BsonDocument> counters = database.getCollection("keysmith_counters", BsonDocument.class);
        counters.replaceOne(Filters.eq("_id", "orders"), new BsonDocument("_id", new BsonString("orders"))
                .append("next", new BsonInt64(Long.MAX_VALUE - 5)), new ReplaceOptions().upsert(true));
        Orders orders = start(TestApplication.class).getBean(Orders.class);

        List<Long> ids = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            ids.add(orders.save(new Order("last" + i)).getId());
        }
        assertThatThrownBy(() -> orders.save(new Order("none"))).isInstanceOf(IdSpaceExhaustedException.class)
                .hasMessageContaining("sequence 'orders'");

        assertThat(ids).containsExactly(Long.MAX_VALUE - 4, Long.MAX_VALUE - 3, Long.MAX_VALUE - 2,
                Long.MAX_VALUE - 1, Long.MAX_VALUE);
        assertThat(counter("orders")).isEqualTo(Long.MAX_VALUE);
    }
}
