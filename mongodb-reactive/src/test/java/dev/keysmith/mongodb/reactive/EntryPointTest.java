package dev.keysmith.mongodb.reactive;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.reactivestreams.client.MongoDatabase;
import dev.keysmith.mongodb.reactive.model.PageHit;
import java.time.Duration;
import org.bson.BsonDocument;
import org.bson.BsonObjectId;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * What {@link ReactiveKeysmith} serves for a class, with the messages of the blocking {@code Keysmith}: a
 * {@code @Document} without an id property through {@code collection()}, and the classes it refuses.
 */
class EntryPointTest {

    private static final Duration WAIT = Duration.ofSeconds(30);

    private ReactiveMongo mongo;
    private MongoDatabase database;
    private ReactiveKeysmith keysmith;

    @BeforeEach
    void start() {
        mongo = ReactiveMongo.start();
        database = mongo.newClient().getDatabase(mongo.server().freshDatabaseName());
        keysmith = ReactiveKeysmith.create(database);
    }

    @AfterEach
    void stop() {
        keysmith.close();
        mongo.close();
    }

    @Test
    void aDocumentWithoutAnIdIsStoredWithTheDriversIdAndReadBack() {
        Mono.from(keysmith.collection(PageHit.class).insertOne(new PageHit("/home"))).block(WAIT);

        PageHit read = Mono.from(keysmith.collection(PageHit.class).find().first()).block(WAIT);
        assertThat(read.page).isEqualTo("/home");
        BsonDocument stored = Flux.from(database.getCollection("page_hits", BsonDocument.class).find())
                .blockFirst(WAIT);
        assertThat(stored.get("_id")).isInstanceOf(BsonObjectId.class);
        assertThat(stored.getString("page").getValue()).isEqualTo("/home");
    }

    @Test
    void aRepositoryOfADocumentWithoutAnIdIsRefusedWithTheWayOut() {
        assertThatThrownBy(() -> keysmith.repository(PageHit.class))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("PageHit is a @Document without an id property")
                .hasMessageContaining("keysmith.collection(PageHit.class)");
    }

    @Test
    void aClassWithoutAGeneratedCodecIsRefusedByName() {
        assertThatThrownBy(() -> keysmith.collection(String.class))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("java.lang.String has no generated codec");
    }
}
