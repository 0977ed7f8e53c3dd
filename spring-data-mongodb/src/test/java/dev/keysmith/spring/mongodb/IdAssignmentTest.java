package dev.keysmith.spring.mongodb;

import static org.assertj.core.api.Assertions.assertThat;

import com.mongodb.client.model.Filters;
import dev.keysmith.runtime.Uuids;
import dev.keysmith.spring.mongodb.app.Account;
import dev.keysmith.spring.mongodb.app.Badge;
import dev.keysmith.spring.mongodb.app.Badges;
import dev.keysmith.spring.mongodb.app.Note;
import dev.keysmith.spring.mongodb.app.Order;
import dev.keysmith.spring.mongodb.app.Photo;
import dev.keysmith.spring.mongodb.app.Photos;
import dev.keysmith.spring.mongodb.app.Orders;
import dev.keysmith.spring.mongodb.app.Notes;
import dev.keysmith.spring.mongodb.app.Accounts;
import dev.keysmith.spring.mongodb.app.Sessions;
import dev.keysmith.spring.mongodb.app.Session;
import dev.keysmith.spring.mongodb.app.TestApplication;
import java.util.List;
import java.util.UUID;
import org.bson.BsonBinarySubType;
import org.bson.BsonDocument;
import org.bson.BsonType;
import org.bson.BsonValue;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.Test;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.data.mongodb.core.MongoTemplate;

/** Each annotation: {@code save} and {@code insert} assign the id, and the stored {@code _id} has the promised BSON type. */
class IdAssignmentTest extends SpringMongoTestBase {

    @Test
    void sequenceIdsAreInt64() {
        ConfigurableApplicationContext context = start(TestApplication.class);
        Order saved = context.getBean(Orders.class).save(new Order("pen"));

        assertThat(saved.getId()).isEqualTo(1L);
        assertThat(rawId("orders", saved.getItem(), "item")).isEqualTo(new org.bson.BsonInt64(1));
        assertThat(context.getBean(Orders.class).findById(1L)).get()
                .extracting(Order::getItem).isEqualTo("pen");
    }

    @Test
    void intSequenceIdsAreInt32AndSaveAllAssignsEveryId() {
        ConfigurableApplicationContext context = start(TestApplication.class);
        List<Badge> saved = context.getBean(Badges.class).saveAll(List.of(new Badge("gold"), new Badge("silver")));

        assertThat(saved).extracting(Badge::getId).containsExactly(1, 2);
        assertThat(rawId("badges", "silver", "name")).isEqualTo(new org.bson.BsonInt32(2));
        assertThat(database.getCollection("keysmith_counters", BsonDocument.class).find(Filters.eq("_id", "badges"))
                .first().get("next")).isEqualTo(new org.bson.BsonInt64(2));
    }

    @Test
    void uuidIdsAreBinarySubtypeFourAndReadBack() {
        ConfigurableApplicationContext context = start(TestApplication.class);
        Sessions sessions = context.getBean(Sessions.class);
        Session saved = sessions.save(new Session(null, "ada"));

        assertThat(saved.id()).isNotNull();
        assertThat(saved.id().version()).isEqualTo(7);
        BsonValue id = rawId("sessions", "ada", "user");
        assertThat(id.getBsonType()).isEqualTo(BsonType.BINARY);
        assertThat(id.asBinary().getType()).isEqualTo(BsonBinarySubType.UUID_STANDARD.getValue());
        assertThat(Uuids.fromBinary(id.asBinary())).isEqualTo(saved.id());
        assertThat(sessions.findById(saved.id())).contains(saved);
    }

    @Test
    void objectIdsAreObjectIdsForStringAndObjectIdFields() {
        ConfigurableApplicationContext context = start(TestApplication.class);
        Note note = context.getBean(Notes.class).save(new Note("hello"));
        Photo photo = context.getBean(Photos.class).save(new Photo(null, "sea"));

        assertThat(note.getId()).matches("[0-9a-f]{24}");
        assertThat(rawId("notes", "hello", "text")).isEqualTo(new org.bson.BsonObjectId(new ObjectId(note.getId())));
        assertThat(photo.id()).isNotNull();
        assertThat(rawId("photos", "sea", "caption")).isEqualTo(new org.bson.BsonObjectId(photo.id()));
        assertThat(context.getBean(Notes.class).findById(note.getId())).get()
                .extracting(Note::getText).isEqualTo("hello");
    }

    @Test
    void randomIdsAreInt64WithTheDeclaredDigits() {
        ConfigurableApplicationContext context = start(TestApplication.class);
        Account saved = context.getBean(Accounts.class).save(new Account("ada@example.com"));

        assertThat(saved.getNumber()).isBetween(100_000_000_000L, 999_999_999_999L);
        assertThat(rawId("accounts", "ada@example.com", "email")).isEqualTo(new org.bson.BsonInt64(saved.getNumber()));
    }

    @Test
    void templateInsertAndSaveAssignIdsToo() {
        ConfigurableApplicationContext context = start(TestApplication.class);
        MongoTemplate template = context.getBean(MongoTemplate.class);

        Order inserted = template.insert(new Order("ink"));
        Order saved = template.save(new Order("nib"));
        Session session = template.save(new Session(null, "grace"));
        List<Order> batch = List.copyOf(template.insert(List.of(new Order("a"), new Order("b")), Order.class));

        assertThat(inserted.getId()).isEqualTo(1L);
        assertThat(saved.getId()).isEqualTo(2L);
        assertThat(batch).extracting(Order::getId).containsExactly(3L, 4L);
        assertThat(session.id()).isNotNull();
        assertThat(template.findById(session.id(), Session.class)).isEqualTo(session);
    }

    @Test
    void anIdTheApplicationSetIsKept() {
        ConfigurableApplicationContext context = start(TestApplication.class);
        UUID chosen = UUID.fromString("00000000-0000-4000-8000-000000000001");
        Order order = new Order("own");
        order.setId(500L);

        assertThat(context.getBean(Orders.class).save(order).getId()).isEqualTo(500L);
        assertThat(context.getBean(Sessions.class).save(new Session(chosen, "x")).id()).isEqualTo(chosen);
        assertThat(database.getCollection("keysmith_counters").countDocuments(Filters.eq("_id", "orders")))
                .isZero();
    }

    /** The stored {@code _id} of the one document of {@code collection} whose {@code field} is {@code value}. */
    private BsonValue rawId(String collection, String value, String field) {
        BsonDocument document = database.getCollection(collection, BsonDocument.class)
                .find(Filters.eq(field, value)).first();
        assertThat(document).as("the document with %s = %s in %s", field, value, collection).isNotNull();
        return document.get("_id");
    }
}
