package dev.keysmith.spring.mongodb.reactive;

import static org.assertj.core.api.Assertions.assertThat;

import com.mongodb.client.model.Filters;
import dev.keysmith.runtime.IdGenerators;
import dev.keysmith.spring.mongodb.DataMongoSlice;
import dev.keysmith.spring.mongodb.SliceMongo;
import java.util.Arrays;
import java.util.List;
import java.util.stream.LongStream;
import org.bson.BsonBinarySubType;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import reactor.core.publisher.Mono;

/**
 * A reactive repository test written as most are, as a {@code @DataMongoTest} slice (Boot 3's or Boot 4's
 * annotation, by the line the suite runs on): keysmith's reactive auto-configuration is part of the slice, so the
 * reactive repositories get every strategy's id from keysmith. Without it, {@code @UuidId} and {@code @Sequence}
 * entities fail with Spring Data's "Cannot autogenerate id", and ObjectIds silently come from the driver.
 */
@DataMongoSlice
@DirtiesContext(classMode = DirtiesContext.ClassMode.AFTER_EACH_TEST_METHOD)
class ReactiveDataMongoSliceTest {

    @DynamicPropertySource
    static void mongo(DynamicPropertyRegistry registry) {
        SliceMongo.register(registry);
    }

    @Autowired
    Entries entries;
    @Autowired
    Parcels parcels;
    @Autowired
    Trips trips;
    @Autowired
    Memos memos;
    @Autowired
    Draws draws;
    @Autowired
    ReactiveMongoTemplate template;
    @Autowired
    IdGenerators ids;

    @Test
    void sequenceIdsComeFromKeysmithsCounters() {
        List<Long> saved = entries.saveAll(List.of(new Entry("a"), new Entry("b"), new Entry("c")))
                .map(Entry::getId).collectList().block();
        Parcel parcel = parcels.save(new Parcel(null, 2)).block();

        assertThat(saved).containsExactly(1L, 2L, 3L);
        assertThat(parcel.id()).isEqualTo(1L);
        assertThat(counter("entries").asInt64().getValue()).isEqualTo(3);
        assertThat(entries.findById(2L).block().getText()).isEqualTo("b");
    }

    @Test
    void uuidIdsAreVersionSevenAndStoredAsSubtypeFour() {
        Trip saved = trips.save(new Trip(null, "Lima")).block();

        assertThat(saved.id().version()).isEqualTo(7);
        assertThat(rawIdWhere("trips", "destination", "Lima").asBinary().getType())
                .isEqualTo(BsonBinarySubType.UUID_STANDARD.getValue());
        assertThat(trips.findById(saved.id()).block()).isEqualTo(saved);
    }

    @Test
    void objectIdsComeFromKeysmithsGeneratorNotTheDriver() {
        Memo memo = memos.save(new Memo("hello")).block();
        ObjectId next = ids.objectId();

        // An ObjectId carries its generator's 5 random bytes: keysmith's generator has its own, not the driver's.
        assertThat(randomPart(new ObjectId(memo.getId()))).isEqualTo(randomPart(next))
                .isNotEqualTo(randomPart(new ObjectId()));
        assertThat(rawIdWhere("memos", "text", "hello").asObjectId().getValue()).isEqualTo(new ObjectId(memo.getId()));
    }

    @Test
    void randomIdsHaveTheDeclaredDigitsAndCollisionsAreRetried() {
        List<Long> numbers = draws.saveAll(List.of(new Draw(null, "a"), new Draw(null, "b"), new Draw(null, "c"),
                new Draw(null, "d"), new Draw(null, "e"), new Draw(null, "f"), new Draw(null, "g"), new Draw(null, "h"),
                new Draw(null, "i"))).map(Draw::number).collectList().block();

        assertThat(numbers).containsExactlyInAnyOrderElementsOf(LongStream.rangeClosed(1, 9).boxed().toList());
    }

    private BsonValue counter(String sequence) {
        BsonDocument counter = first("keysmith_counters", "_id", sequence);
        assertThat(counter).as("the counter of %s in keysmith_counters", sequence).isNotNull();
        return counter.get("next");
    }

    private BsonValue rawIdWhere(String collection, String field, String value) {
        BsonDocument document = first(collection, field, value);
        assertThat(document).as("the document with %s = %s in %s", field, value, collection).isNotNull();
        return document.get("_id");
    }

    /** The first document of {@code collection} whose {@code field} is {@code value}, as stored. */
    private BsonDocument first(String collection, String field, Object value) {
        return template.getCollection(collection)
                .flatMap(documents -> Mono.from(documents.withDocumentClass(BsonDocument.class)
                        .find(Filters.eq(field, value)).first()))
                .block();
    }

    private static byte[] randomPart(ObjectId id) {
        return Arrays.copyOfRange(id.toByteArray(), 4, 9);
    }
}
