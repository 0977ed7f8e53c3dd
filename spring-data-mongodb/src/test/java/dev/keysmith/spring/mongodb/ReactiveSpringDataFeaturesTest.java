package dev.keysmith.spring.mongodb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keysmith.spring.mongodb.features.FeaturesApplication;
import dev.keysmith.spring.mongodb.reactivefeatures.Consignment;
import dev.keysmith.spring.mongodb.reactivefeatures.Consignments;
import dev.keysmith.spring.mongodb.reactivefeatures.ReactiveFeaturesApplication;
import dev.keysmith.spring.mongodb.reactivefeatures.Tallies;
import dev.keysmith.spring.mongodb.reactivefeatures.Tally;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.dao.OptimisticLockingFailureException;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;

/**
 * keysmith's ids on the reactive route with the Spring Data features applications combine them with: reactive
 * auditing, {@code @Version}, and a callback of the application's own (on Boot 3.5 here, on Boot 4 in boot4-tests).
 * The reactive route takes a {@code @Sequence} id before the insert (to resync on a collision), yet auditing must still
 * see the entity as new.
 */
class ReactiveSpringDataFeaturesTest extends SpringMongoTestBase {

    @Test
    void reactiveAuditingSeesANewEntityThoughTheSequenceIdIsTakenBeforeTheInsert() {
        routes = List.of(REACTIVE_ONLY);
        ConfigurableApplicationContext context = start(ReactiveFeaturesApplication.class);
        Consignments consignments = context.getBean(Consignments.class);
        ReactiveMongoTemplate template = context.getBean(ReactiveMongoTemplate.class);

        Consignment saved = consignments.save(new Consignment("Rotterdam")).block();
        Consignment inserted = template.insert(new Consignment("Genoa")).block();
        List<Consignment> all = consignments.saveAll(List.of(new Consignment("Bilbao"), new Consignment("Gdansk")))
                .collectList().block();

        assertThat(saved.getId()).isEqualTo(1L);
        assertThat(inserted.getId()).isEqualTo(2L);
        assertThat(all).extracting(Consignment::getId).containsExactly(3L, 4L);
        assertThat(List.of(saved, inserted, all.get(0), all.get(1))).allSatisfy(consignment -> assertThat(
                consignment.getCreated()).as("@CreatedDate of a new entity (%s)", consignment.getPort()).isNotNull()
                .isEqualTo(consignment.getModified()));

        Consignment stored = consignments.findById(1L).block();
        stored.setPort("Antwerp");
        Consignment updated = consignments.save(stored).block();
        assertThat(updated.getId()).isEqualTo(1L);
        assertThat(updated.getCreated()).as("an update keeps the creation date").isEqualTo(stored.getCreated());
        assertThat(consignments.count().block()).isEqualTo(4);
    }

    @Test
    void theApplicationsOwnUnorderedCallbackSeesTheId() {
        routes = List.of(REACTIVE_ONLY);
        ConfigurableApplicationContext context = start(ReactiveFeaturesApplication.class);

        context.getBean(Consignments.class).save(new Consignment("Tallinn")).block();
        context.getBean(ReactiveMongoTemplate.class).save(new Consignment("Riga")).block();

        assertThat(context.getBean(FeaturesApplication.SeenIds.class).ids()).containsExactly(1L, 2L);
    }

    @Test
    void aVersionedEntityIsInsertedWithItsIdAndInitialVersionAndLaterSavesAreOptimisticallyLocked() {
        routes = List.of(REACTIVE_ONLY);
        ConfigurableApplicationContext context = start(ReactiveFeaturesApplication.class);
        Tallies tallies = context.getBean(Tallies.class);

        Tally first = tallies.save(new Tally(1)).block();
        assertThat(first.getId()).isEqualTo(1L);
        assertThat(first.getVersion()).isZero();
        Tally stale = tallies.findById(1L).block();

        first.setCount(2);
        Tally second = tallies.save(first).block();
        assertThat(second.getId()).isEqualTo(1L);
        assertThat(second.getVersion()).isOne();

        stale.setCount(3);
        assertThatThrownBy(() -> tallies.save(stale).block()).isInstanceOf(OptimisticLockingFailureException.class);
        assertThat(tallies.findById(1L).block().getCount()).isEqualTo(2);
        assertThat(tallies.count().block()).isOne();
    }
}
