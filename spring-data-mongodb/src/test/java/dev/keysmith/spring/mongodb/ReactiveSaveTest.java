package dev.keysmith.spring.mongodb;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keysmith.spring.mongodb.reactive.Memo;
import dev.keysmith.spring.mongodb.reactive.ReactiveApplication;
import dev.keysmith.spring.mongodb.reactive.Trip;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonBinarySubType;
import org.bson.Document;
import org.bson.types.Binary;
import org.junit.jupiter.api.Test;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import reactor.core.publisher.Mono;

/**
 * {@code ReactiveMongoTemplate.save} of a new entity gets keysmith's id on every Spring Boot line, the oldest 3.5 ones
 * too: Spring Data MongoDB 4.5.0 to 4.5.8 refuse a save of an entity whose {@code UUID} id is absent ("Cannot
 * autogenerate id of type java.util.UUID") before the callbacks run, unless keysmith makes the save an insert. Runs on
 * Boot 3.5.7 ({@code boot357-tests}) beside the newest 3.5, 4.0 and 4.1.
 */
class ReactiveSaveTest extends SpringMongoTestBase {

    @Test
    void templateSaveOfANewEntityAssignsItsIdWithEveryOverload() {
        routes = List.of(REACTIVE_ONLY);
        ReactiveMongoTemplate template = start(ReactiveApplication.class).getBean(ReactiveMongoTemplate.class);

        Trip saved = template.save(new Trip(null, "Oslo")).block();
        Trip fromMono = template.save(Mono.just(new Trip(null, "Lima"))).block();
        Trip named = template.save(new Trip(null, "Riga"), "trips").block();
        Memo memo = template.save(new Memo("m")).block();

        assertThat(List.of(saved, fromMono, named)).allSatisfy(trip -> assertThat(trip.id().version()).isEqualTo(7));
        List<Document> stored = database.getCollection("trips").find().into(new ArrayList<>());
        assertThat(stored).extracting(document -> document.get("_id", Binary.class).getType())
                .containsOnly(BsonBinarySubType.UUID_STANDARD.getValue());
        assertThat(stored).extracting(document -> document.getString("destination"))
                .containsExactlyInAnyOrder("Oslo", "Lima", "Riga");
        assertThat(memo.getId()).hasSize(24);

        Trip again = template.save(new Trip(saved.id(), "Oslo, again")).block();
        assertThat(again.id()).as("an entity with its id is saved as it is").isEqualTo(saved.id());
        assertThat(database.getCollection("trips").countDocuments()).isEqualTo(3);
    }
}
