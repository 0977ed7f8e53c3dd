package dev.keysmith.spring.mongodb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keysmith.spring.mongodb.features.Draft;
import dev.keysmith.spring.mongodb.features.Drafts;
import dev.keysmith.spring.mongodb.features.FeaturesApplication;
import dev.keysmith.spring.mongodb.features.Shipment;
import dev.keysmith.spring.mongodb.features.Shipments;
import dev.keysmith.spring.mongodb.features.Visit;
import dev.keysmith.spring.mongodb.features.Visits;
import dev.keysmith.spring.mongodb.features.Wallet;
import dev.keysmith.spring.mongodb.features.Wallets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.junit.jupiter.api.Test;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.dao.OptimisticLockingFailureException;
import org.springframework.data.mongodb.core.BulkOperations.BulkMode;
import org.springframework.data.mongodb.core.MongoTemplate;

/**
 * keysmith's ids with the Spring Data features applications combine them with: auditing, {@code @Version},
 * {@code saveAll} and {@code insert(Iterable)}, bulk inserts (on Boot 3.5 here, on Boot 4 in boot4-tests).
 */
class SpringDataFeaturesTest extends SpringMongoTestBase {

    @Test
    void auditingSeesANewEntityBecauseKeysmithAssignsTheIdAfterIt() {
        ConfigurableApplicationContext context = start(FeaturesApplication.class);
        Shipments shipments = context.getBean(Shipments.class);
        Visits visits = context.getBean(Visits.class);

        Shipment shipment = shipments.save(new Shipment("Lyon"));
        Visit visit = visits.save(new Visit("/home"));

        assertThat(shipment.getId()).isEqualTo(1L);
        assertThat(shipment.getCreated()).as("@CreatedDate of a new entity").isNotNull()
                .isEqualTo(shipment.getModified());
        assertThat(visit.getId()).isNotNull();
        assertThat(visit.getCreated()).as("@CreatedDate of a new entity").isNotNull()
                .isEqualTo(visit.getModified());

        Shipment stored = shipments.findById(1L).orElseThrow();
        stored.setDestination("Nantes");
        Shipment updated = shipments.save(stored);
        assertThat(updated.getId()).isEqualTo(1L);
        assertThat(updated.getCreated()).as("an update keeps the creation date").isEqualTo(stored.getCreated());
        assertThat(updated.getModified()).isAfterOrEqualTo(stored.getCreated());
        assertThat(shipments.count()).isOne();
    }

    @Test
    void theApplicationsOwnUnorderedCallbackSeesTheId() {
        ConfigurableApplicationContext context = start(FeaturesApplication.class);

        context.getBean(Shipments.class).save(new Shipment("Lyon"));
        context.getBean(MongoTemplate.class).insert(new Shipment("Nantes"));

        assertThat(context.getBean(FeaturesApplication.SeenIds.class).ids()).containsExactly(1L, 2L);
    }

    @Test
    void versionedEntitiesGetTheirIdOnTheFirstSaveAndKeepOptimisticLocking() {
        ConfigurableApplicationContext context = start(FeaturesApplication.class);
        Drafts drafts = context.getBean(Drafts.class);
        Wallets wallets = context.getBean(Wallets.class);

        Draft draft = drafts.save(new Draft("v1"));
        assertThat(draft.getId()).matches("[0-9a-f]{24}");
        Long firstVersion = draft.getVersion();
        assertThat(firstVersion).isNotNull();
        Draft stale = drafts.findById(draft.getId()).orElseThrow();
        draft.setText("v2");
        assertThat(drafts.save(draft).getVersion()).isEqualTo(firstVersion + 1);
        stale.setText("lost update");
        assertThatThrownBy(() -> drafts.save(stale)).isInstanceOf(OptimisticLockingFailureException.class);
        assertThat(drafts.findAll()).singleElement().extracting(Draft::getText).isEqualTo("v2");

        Wallet wallet = wallets.save(new Wallet(100));
        assertThat(wallet.getNumber()).isBetween(1_000_000_000L, 9_999_999_999L);
        long walletVersion = wallet.getVersion();
        Wallet staleWallet = wallets.findById(wallet.getNumber()).orElseThrow();
        wallet.setCents(150);
        assertThat(wallets.save(wallet).getVersion()).isEqualTo(walletVersion + 1);
        staleWallet.setCents(0);
        assertThatThrownBy(() -> wallets.save(staleWallet)).isInstanceOf(OptimisticLockingFailureException.class);
        assertThat(wallets.findAll()).singleElement().extracting(Wallet::getCents).isEqualTo(150L);
    }

    @Test
    void saveAllAndInsertOfIterablesAssignEveryIdOfEveryStrategy() {
        ConfigurableApplicationContext context = start(FeaturesApplication.class);
        Shipments shipments = context.getBean(Shipments.class);
        Visits visits = context.getBean(Visits.class);
        Drafts drafts = context.getBean(Drafts.class);
        Wallets wallets = context.getBean(Wallets.class);

        List<Shipment> savedShipments = new ArrayList<>(shipments.saveAll(List.of(new Shipment("a"), new Shipment("b"))));
        savedShipments.addAll(shipments.insert(List.of(new Shipment("c"), new Shipment("d"))));
        List<Visit> savedVisits = new ArrayList<>(visits.saveAll(List.of(new Visit("/a"), new Visit("/b"))));
        savedVisits.addAll(visits.insert(List.of(new Visit("/c"))));
        List<Draft> savedDrafts = new ArrayList<>(drafts.saveAll(List.of(new Draft("a"), new Draft("b"))));
        savedDrafts.addAll(drafts.insert(List.of(new Draft("c"))));
        List<Wallet> savedWallets = new ArrayList<>(wallets.saveAll(List.of(new Wallet(1), new Wallet(2))));
        savedWallets.addAll(wallets.insert(List.of(new Wallet(3))));

        assertThat(savedShipments).extracting(Shipment::getId).containsExactly(1L, 2L, 3L, 4L);
        assertThat(savedVisits).extracting(Visit::getId).doesNotContainNull().doesNotHaveDuplicates().hasSize(3);
        assertThat(savedDrafts).extracting(Draft::getId).allMatch(id -> id.matches("[0-9a-f]{24}"))
                .doesNotHaveDuplicates().hasSize(3);
        assertThat(savedWallets).extracting(Wallet::getNumber).allMatch(n -> n >= 1_000_000_000L)
                .doesNotHaveDuplicates().hasSize(3);
        assertThat(shipments.findAll()).extracting(Shipment::getId).containsExactlyInAnyOrder(1L, 2L, 3L, 4L);
        assertThat(visits.findAllById(savedVisits.stream().map(Visit::getId).toList())).hasSize(3);
        assertThat(drafts.findAllById(savedDrafts.stream().map(Draft::getId).toList())).hasSize(3);
        assertThat(wallets.findAllById(savedWallets.stream().map(Wallet::getNumber).toList())).hasSize(3);
    }

    @Test
    void saveAllOfNewAndStoredEntitiesAssignsOnlyTheNewOnes() {
        ConfigurableApplicationContext context = start(FeaturesApplication.class);
        Shipments shipments = context.getBean(Shipments.class);
        Shipment stored = shipments.save(new Shipment("Lyon"));
        stored.setDestination("Nantes");

        List<Shipment> saved = shipments.saveAll(List.of(stored, new Shipment("Brest")));

        assertThat(saved).extracting(Shipment::getId).containsExactly(1L, 2L);
        assertThat(shipments.findAll()).extracting(Shipment::getDestination).containsExactlyInAnyOrder("Nantes", "Brest");
    }

    @Test
    void bulkInsertsAssignEveryIdOfEveryStrategy() {
        ConfigurableApplicationContext context = start(FeaturesApplication.class);
        MongoTemplate template = context.getBean(MongoTemplate.class);
        List<Shipment> shipments = List.of(new Shipment("a"), new Shipment("b"));
        Visit visit = new Visit("/a");
        Draft draft = new Draft("a");
        Wallet wallet = new Wallet(5);

        template.bulkOps(BulkMode.ORDERED, Shipment.class).insert(shipments).execute();
        template.bulkOps(BulkMode.UNORDERED, Visit.class).insert(visit).execute();
        template.bulkOps(BulkMode.ORDERED, Draft.class).insert(draft).execute();
        template.bulkOps(BulkMode.ORDERED, Wallet.class).insert(wallet).execute();

        assertThat(shipments).extracting(Shipment::getId).containsExactly(1L, 2L);
        assertThat(template.findAll(Shipment.class)).extracting(Shipment::getId).containsExactlyInAnyOrder(1L, 2L);
        assertThat(template.findById(Objects.requireNonNull(visit.getId()), Visit.class)).isNotNull();
        assertThat(template.findById(draft.getId(), Draft.class)).isNotNull();
        assertThat(wallet.getNumber()).isBetween(1_000_000_000L, 9_999_999_999L);
        assertThat(template.findById(wallet.getNumber(), Wallet.class)).isNotNull();
    }
}
