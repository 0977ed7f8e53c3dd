package dev.keysmith.spring.mongodb.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.mongodb.client.model.Filters;
import dev.keysmith.runtime.IdGenerators;
import dev.keysmith.spring.mongodb.DataMongoSlice;
import dev.keysmith.spring.mongodb.SliceMongo;
import java.util.Arrays;
import org.bson.BsonBinarySubType;
import org.bson.BsonDocument;
import org.bson.BsonInt64;
import org.bson.BsonValue;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.data.mongodb.core.MongoTemplate;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * A repository test written as most are, as a {@code @DataMongoTest} slice (Boot 3's or Boot 4's annotation, by
 * the line the suite runs on): keysmith's auto-configuration is part of the slice, so every strategy's id comes
 * from keysmith. Without it, {@code @UuidId} and {@code @Sequence} entities fail with Spring Data's "Cannot
 * autogenerate id", and ObjectIds silently come from the driver.
 */
@DataMongoSlice
@DirtiesContext(classMode = DirtiesContext.ClassMode.AFTER_EACH_TEST_METHOD)
class DataMongoSliceTest {

    @DynamicPropertySource
    static void mongo(DynamicPropertyRegistry registry) {
        SliceMongo.register(registry);
    }

    @Autowired
    Orders orders;
    @Autowired
    Sessions sessions;
    @Autowired
    Notes notes;
    @Autowired
    Photos photos;
    @Autowired
    Accounts accounts;
    @Autowired
    MongoTemplate template;
    @Autowired
    IdGenerators ids;

    @Test
    void sequenceIdsComeFromKeysmithsCounters() {
        Order first = orders.save(new Order("pen"));
        Order second = orders.save(new Order("ink"));

        assertThat(first.getId()).isEqualTo(1L);
        assertThat(second.getId()).isEqualTo(2L);
        assertThat(counter("orders")).as("the batch of Order's @Sequence(batch = 10), and maybe the one prefetched")
                .isIn(new BsonInt64(10), new BsonInt64(20));
        assertThat(orders.findById(2L)).get().extracting(Order::getItem).isEqualTo("ink");
    }

    @Test
    void uuidIdsAreVersionSevenAndStoredAsSubtypeFour() {
        Session saved = sessions.save(new Session(null, "ada"));

        assertThat(saved.id().version()).isEqualTo(7);
        BsonValue stored = rawIdWhere("sessions", "user", "ada");
        assertThat(stored.asBinary().getType()).isEqualTo(BsonBinarySubType.UUID_STANDARD.getValue());
        assertThat(sessions.findById(saved.id())).contains(saved);
    }

    @Test
    void objectIdsComeFromKeysmithsGeneratorNotTheDriver() {
        Note note = notes.save(new Note("hello"));
        Photo photo = photos.save(new Photo(null, "sea"));
        ObjectId next = ids.objectId();

        // An ObjectId carries its generator's 5 random bytes: keysmith's generator has its own, not the driver's.
        assertThat(randomPart(new ObjectId(note.getId()))).isEqualTo(randomPart(next))
                .isNotEqualTo(randomPart(new ObjectId()));
        assertThat(randomPart(photo.id())).isEqualTo(randomPart(next));
        assertThat(rawIdWhere("notes", "text", "hello").asObjectId().getValue()).isEqualTo(new ObjectId(note.getId()));
        assertThat(rawIdWhere("photos", "caption", "sea").asObjectId().getValue()).isEqualTo(photo.id());
    }

    @Test
    void randomIdsHaveTheDeclaredDigits() {
        Account saved = accounts.save(new Account("ada@example.com"));

        assertThat(saved.getNumber()).isBetween(100_000_000_000L, 999_999_999_999L);
        assertThat(rawIdWhere("accounts", "email", "ada@example.com")).isEqualTo(new BsonInt64(saved.getNumber()));
    }

    private BsonValue counter(String sequence) {
        BsonDocument counter = template.getDb().getCollection("keysmith_counters", BsonDocument.class)
                .find(Filters.eq("_id", sequence)).first();
        assertThat(counter).as("the counter of %s in keysmith_counters", sequence).isNotNull();
        return counter.get("next");
    }

    private BsonValue rawIdWhere(String collection, String field, String value) {
        BsonDocument document = template.getDb().getCollection(collection, BsonDocument.class)
                .find(Filters.eq(field, value)).first();
        assertThat(document).as("the document with %s = %s in %s", field, value, collection).isNotNull();
        return document.get("_id");
    }

    private static byte[] randomPart(ObjectId id) {
        return Arrays.copyOfRange(id.toByteArray(), 4, 9);
    }
}
