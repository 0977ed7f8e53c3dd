package dev.keysmith.mongodb.reactive;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.WriteConcern;
import com.mongodb.reactivestreams.client.MongoDatabase;
import dev.keysmith.mongodb.reactive.model.PageHit;
import dev.keysmith.mongodb.reactive.model.Receipt;
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

    @Test
    void theBuildersBadSettingsFailAtTheirCallNamingTheSettingAndTheStoreRefusesABlankCollection() {
        ReactiveKeysmith.Builder builder = ReactiveKeysmith.builder(database);
        assertThatThrownBy(() -> builder.prefetchBatches(0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("prefetchBatches must be at least 1, but was 0");
        assertThatThrownBy(() -> builder.countersCollection(""))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the counters collection needs a name, not ''");
        assertThatThrownBy(() -> builder.writeConcern(null))
                .isInstanceOf(NullPointerException.class).hasMessage("writeConcern");
        assertThatThrownBy(() -> ReactiveMongoCounterStore.create(database, " ", WriteConcern.MAJORITY))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the counters collection needs a name, not ' '");
        assertThatThrownBy(() -> ReactiveKeysmith.builder(database).allocationTimeout(Duration.ZERO).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("allocationTimeout must be positive, but was PT0S");

        // The refused calls changed nothing: the builder still makes a working keysmith on the defaults.
        try (ReactiveKeysmith built = builder.build()) {
            Receipt saved = built.<Receipt, Long>repository(Receipt.class).insert(new Receipt("first")).block(WAIT);
            assertThat(saved.id).isEqualTo(1L);
        }
        assertThat(Mono.from(database.getCollection("keysmith_counters").countDocuments()).block(WAIT)).isEqualTo(1);
    }
}
