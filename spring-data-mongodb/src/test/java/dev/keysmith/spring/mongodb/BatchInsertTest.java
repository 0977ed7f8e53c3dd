package dev.keysmith.spring.mongodb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keysmith.spring.mongodb.batch.BatchApplication;
import dev.keysmith.spring.mongodb.batch.BatchApplication.AfterSaves;
import dev.keysmith.spring.mongodb.batch.Card;
import dev.keysmith.spring.mongodb.batch.Cards;
import dev.keysmith.spring.mongodb.batch.Chip;
import dev.keysmith.spring.mongodb.batch.Line;
import dev.keysmith.spring.mongodb.batch.Lines;
import dev.keysmith.spring.mongodb.batch.Pin;
import dev.keysmith.spring.mongodb.batch.Pins;
import dev.keysmith.spring.mongodb.batch.ReactiveCards;
import dev.keysmith.spring.mongodb.batch.ReactiveChips;
import dev.keysmith.spring.mongodb.batch.ReactiveLines;
import dev.keysmith.spring.mongodb.batch.ReactivePins;
import dev.keysmith.spring.mongodb.batch.ReactiveTags;
import dev.keysmith.spring.mongodb.batch.Tag;
import dev.keysmith.spring.mongodb.batch.Tags;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.IntFunction;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.LongStream;
import org.bson.Document;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.data.domain.Sort;
import org.springframework.data.mongodb.core.MongoTemplate;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import org.springframework.data.mongodb.core.index.Index;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Batches stay batches: every batch call of both routes sends one {@code insert} command per batch for every strategy,
 * and a batch whose keysmith id collides part-way keeps what was stored, gives the failing entity a fresh id and sends
 * the rest again from it, each entity stored once and its after-save callbacks run once.
 */
class BatchInsertTest extends SpringMongoTestBase {

    private final InsertCommands inserts = new InsertCommands();
    private ConfigurableApplicationContext context;

    @BeforeEach
    void bothRoutes() {
        routes = List.of();
        context = start(builder(BatchApplication.class).initializers(inserts.registered()));
    }

    @Test
    void everyBlockingBatchCallOfEveryStrategySendsOneInsertCommand() {
        MongoTemplate template = context.getBean(MongoTemplate.class);
        oneCommandEach("lines", 300, i -> new Line("l" + i), context.getBean(Lines.class)::saveAll,
                context.getBean(Lines.class)::insert, batch -> template.insert(batch, Line.class),
                template::insertAll);
        oneCommandEach("cards", 300, i -> new Card("c" + i), context.getBean(Cards.class)::saveAll,
                context.getBean(Cards.class)::insert, batch -> template.insert(batch, "cards"),
                template::insertAll);
        oneCommandEach("tags", 300, i -> new Tag(null, "t" + i), context.getBean(Tags.class)::saveAll,
                context.getBean(Tags.class)::insert, batch -> template.insert(batch, Tag.class),
                template::insertAll);
        oneCommandEach("pins", 300, i -> new Pin(null, "p" + i), context.getBean(Pins.class)::saveAll,
                context.getBean(Pins.class)::insert, batch -> template.insert(batch, Pin.class),
                template::insertAll);
    }

    @Test
    void everyReactiveBatchCallOfEveryStrategySendsOneInsertCommand() {
        ReactiveMongoTemplate template = context.getBean(ReactiveMongoTemplate.class);
        oneCommandEach("lines", 300, i -> new Line("l" + i), blocking(context.getBean(ReactiveLines.class)::saveAll),
                blocking(context.getBean(ReactiveLines.class)::insert),
                blocking(batch -> template.insert(batch, Line.class)),
                blocking(batch -> template.insertAll(Mono.just(batch))));
        oneCommandEach("cards", 300, i -> new Card("c" + i), blocking(context.getBean(ReactiveCards.class)::saveAll),
                blocking(context.getBean(ReactiveCards.class)::insert),
                blocking(batch -> template.insert(batch, "cards")), blocking(template::insertAll));
        oneCommandEach("tags", 300, i -> new Tag(null, "t" + i), blocking(context.getBean(ReactiveTags.class)::saveAll),
                blocking(context.getBean(ReactiveTags.class)::insert),
                blocking(batch -> template.insert(batch, Tag.class)), blocking(template::insertAll));
        oneCommandEach("pins", 300, i -> new Pin(null, "p" + i), blocking(context.getBean(ReactivePins.class)::saveAll),
                blocking(context.getBean(ReactivePins.class)::insert),
                blocking(batch -> template.insert(batch, Pin.class)), blocking(template::insertAll));
    }

    @Test
    void aSequenceBehindImportedDataIsResyncedPartWayAndTheRestSentAgainBlocking() {
        Lines lines = context.getBean(Lines.class);
        lines.save(new Line("first")); // id 1: the sequence's range is 1..1000
        List<Document> imported = importIds("lines", 5, 6, 7);

        List<Line> saved = lines.saveAll(names(10).stream().map(Line::new).toList());

        assertStoredOnceWithFreshIds("lines", saved.stream().<Object>map(Line::getId).toList(), saved.stream()
                .map(Line::getName).toList(), imported, 1 + 3 + 10);
        assertThat(saved.subList(0, 3)).extracting(Line::getId).containsExactly(2L, 3L, 4L); // stored before the collision
        assertThat(saved.get(3).getId()).isGreaterThan(7L);
        assertThat(context.getBean(AfterSaves.class).ids()).containsExactlyInAnyOrderElementsOf(
                concat(List.of(1L), saved.stream().map(Line::getId).toList()));
    }

    @Test
    void aSequenceBehindImportedDataIsResyncedPartWayAndTheRestSentAgainReactive() {
        ReactiveLines lines = context.getBean(ReactiveLines.class);
        lines.save(new Line("first")).block();
        List<Document> imported = importIds("lines", 5, 6, 7);

        List<Line> saved = lines.saveAll(names(10).stream().map(Line::new).toList()).collectList().block();

        assertStoredOnceWithFreshIds("lines", saved.stream().<Object>map(Line::getId).toList(), saved.stream()
                .map(Line::getName).toList(), imported, 1 + 3 + 10);
        assertThat(saved.subList(0, 3)).extracting(Line::getId).containsExactly(2L, 3L, 4L);
        assertThat(context.getBean(AfterSaves.class).ids()).containsExactlyInAnyOrderElementsOf(
                concat(List.of(1L), saved.stream().map(Line::getId).toList()));
    }

    @Test
    void randomIdsIntoANearlyFullSpaceAreDrawnAgainPartWayBlocking() {
        List<Document> imported = importIds("chips", LongStream.rangeClosed(10, 79).toArray()); // 70 of 90 taken

        List<Chip> saved = context.getBean(MongoTemplate.class)
                .insert(names(15).stream().map(name -> new Chip(null, name)).toList(), Chip.class).stream().toList();

        assertStoredOnceWithFreshIds("chips", saved.stream().<Object>map(Chip::id).toList(),
                saved.stream().map(Chip::name).toList(), imported, 70 + 15);
        assertThat(context.getBean(AfterSaves.class).ids()).containsExactlyInAnyOrderElementsOf(
                saved.stream().map(Chip::id).toList());
        assertThat(inserts.into("chips")).isGreaterThan(1); // it did collide part-way (a new command from there)
    }

    @Test
    void randomIdsIntoANearlyFullSpaceAreDrawnAgainPartWayReactive() {
        List<Document> imported = importIds("chips", LongStream.rangeClosed(10, 79).toArray());

        List<Chip> saved = context.getBean(ReactiveChips.class)
                .saveAll(names(15).stream().map(name -> new Chip(null, name)).toList()).collectList().block();

        assertStoredOnceWithFreshIds("chips", saved.stream().<Object>map(Chip::id).toList(),
                saved.stream().map(Chip::name).toList(), imported, 70 + 15);
        assertThat(context.getBean(AfterSaves.class).ids()).containsExactlyInAnyOrderElementsOf(
                saved.stream().map(Chip::id).toList());
        assertThat(inserts.into("chips")).isGreaterThan(1);
    }

    @Test
    void aDuplicateOnAnotherUniqueIndexNamesWhatWasAndWasNotStoredBlocking() {
        Lines lines = context.getBean(Lines.class);
        uniqueNames();
        lines.save(new Line("c"));
        List<Line> batch = List.of(new Line("a"), new Line("b"), new Line("c"), new Line("d"));

        assertThatThrownBy(() -> lines.saveAll(batch))
                .isInstanceOf(DuplicateKeyException.class)
                .hasMessageContaining("name")
                .hasMessageContaining("batch insert of 4 entities into 'lines' stored 2 (the first 2 of the batch,"
                        + " ids 2, 3) and did not store the other 2 (from index 2 of the batch on");
        assertOtherIndexFailure(batch);
    }

    @Test
    void aDuplicateOnAnotherUniqueIndexNamesWhatWasAndWasNotStoredReactive() {
        ReactiveLines lines = context.getBean(ReactiveLines.class);
        uniqueNames();
        lines.save(new Line("c")).block();
        List<Line> batch = List.of(new Line("a"), new Line("b"), new Line("c"), new Line("d"));

        assertThatThrownBy(() -> lines.saveAll(batch).blockLast())
                .isInstanceOf(DuplicateKeyException.class)
                .hasMessageContaining("name")
                .hasMessageContaining("batch insert of 4 entities into 'lines' stored 2 (the first 2 of the batch,"
                        + " ids 2, 3) and did not store the other 2 (from index 2 of the batch on");
        assertOtherIndexFailure(batch);
    }

    private void uniqueNames() {
        context.getBean(MongoTemplate.class).indexOps(Line.class)
                .ensureIndex(new Index().on("name", Sort.Direction.ASC).unique());
    }

    /** a and b stored with their after-save callbacks; the failing c and the d after it not, and left without ids. */
    private void assertOtherIndexFailure(List<Line> batch) {
        Map<String, Long> stored = database.getCollection("lines").find().into(new ArrayList<>()).stream()
                .collect(Collectors.toMap(document -> document.getString("name"), document -> document.getLong("_id")));
        assertThat(stored).containsExactlyInAnyOrderEntriesOf(Map.of("c", 1L, "a", 2L, "b", 3L));
        assertThat(batch).extracting(Line::getId).containsExactly(2L, 3L, null, null);
        assertThat(context.getBean(AfterSaves.class).ids()).containsExactly(1L, 2L, 3L);
    }

    /**
     * The batch's entities (by name) are each stored once, with the id they came back with, none of the imported
     * ids, and the imported documents are untouched; {@code total} documents in all.
     */
    private void assertStoredOnceWithFreshIds(String collection, List<Object> ids, List<String> names,
            List<Document> imported, long total) {
        List<Document> all = database.getCollection(collection).find().into(new ArrayList<>());
        assertThat(all).hasSize((int) total);
        assertThat(ids).doesNotContainNull().doesNotHaveDuplicates()
                .doesNotContainAnyElementsOf(imported.stream().map(document -> document.get("_id")).toList());
        Map<Object, String> namesById = all.stream().filter(document -> document.containsKey("name"))
                .collect(Collectors.toMap(document -> document.get("_id"), document -> document.getString("name")));
        for (int i = 0; i < ids.size(); i++) {
            assertThat(namesById).containsEntry(ids.get(i), names.get(i));
        }
        assertThat(all).containsAll(new ArrayList<Document>(imported));
        assertThat(names).doesNotHaveDuplicates().hasSize(ids.size());
    }

    /** Documents with these ids put into {@code collection} behind the application's back, as an import would. */
    private List<Document> importIds(String collection, long... ids) {
        List<Document> documents = LongStream.of(ids).mapToObj(id -> new Document("_id", id).append("imported", true))
                .toList();
        database.getCollection(collection).insertMany(new ArrayList<>(documents));
        return documents;
    }

    /**
     * Each batch call of {@code calls} with {@code size} new entities sends one insert command into
     * {@code collection} and stores them all.
     */
    @SafeVarargs
    private <T> void oneCommandEach(String collection, int size, IntFunction<T> entity,
            Function<List<T>, ? extends Collection<?>>... calls) {
        long stored = database.getCollection(collection).countDocuments();
        for (Function<List<T>, ? extends Collection<?>> call : calls) {
            int before = inserts.into(collection);
            Collection<?> saved = call.apply(IntStream.range(0, size).mapToObj(entity).toList());
            stored += size;
            assertThat(saved).hasSize(size);
            assertThat(inserts.into(collection) - before).as("insert commands into %s", collection).isEqualTo(1);
            assertThat(database.getCollection(collection).countDocuments()).isEqualTo(stored);
        }
    }

    /** A reactive batch call, awaited. */
    private static <T> Function<List<T>, List<?>> blocking(Function<List<T>, Flux<?>> call) {
        return batch -> call.apply(batch).collectList().block();
    }

    private static List<String> names(int count) {
        return IntStream.range(0, count).mapToObj(i -> "n" + i).toList();
    }

    private static List<Object> concat(List<?> first, List<?> second) {
        List<Object> all = new ArrayList<>(first);
        all.addAll(second);
        return all;
    }
}
