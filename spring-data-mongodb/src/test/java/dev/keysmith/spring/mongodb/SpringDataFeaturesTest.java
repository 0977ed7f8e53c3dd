package dev.keysmith.spring.mongodb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;
import static org.springframework.data.mongodb.core.query.Criteria.where;
import static org.springframework.data.mongodb.core.query.Query.query;

import dev.keysmith.spring.mongodb.features.Draft;
import dev.keysmith.spring.mongodb.features.Drafts;
import dev.keysmith.runtime.IdGenerators;
import dev.keysmith.spring.mongodb.features.FeaturesApplication;
import dev.keysmith.spring.mongodb.features.Label;
import dev.keysmith.spring.mongodb.features.Receipt;
import dev.keysmith.spring.mongodb.features.Shipment;
import dev.keysmith.spring.mongodb.features.Shipments;
import dev.keysmith.spring.mongodb.features.Visit;
import dev.keysmith.spring.mongodb.features.Visits;
import dev.keysmith.spring.mongodb.features.Wallet;
import dev.keysmith.spring.mongodb.features.Wallets;
import com.mongodb.client.result.UpdateResult;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.bson.BsonBinarySubType;
import org.bson.BsonDocument;
import org.bson.BsonInt64;
import org.bson.BsonType;
import org.bson.BsonValue;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.Test;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.dao.OptimisticLockingFailureException;
import org.springframework.data.mongodb.core.BulkOperations.BulkMode;
import org.springframework.data.mongodb.core.FindAndModifyOptions;
import org.springframework.data.mongodb.core.FindAndReplaceOptions;
import org.springframework.data.mongodb.core.MongoTemplate;
import org.springframework.data.mongodb.core.ReplaceOptions;
import org.springframework.data.mongodb.core.aggregation.AggregationUpdate;
import org.springframework.data.mongodb.core.query.Query;
import org.springframework.data.mongodb.core.query.Update;
import org.springframework.data.util.Pair;

/**
 * keysmith's ids with the Spring Data features applications combine them with: auditing, {@code @Version},
 * {@code saveAll} and {@code insert(Iterable)}, bulk inserts, upserts and replacements (on Boot 3.5 here, on Boot 4
 * in boot4-tests).
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

        List<Shipment> savedShipments =
                new ArrayList<>(shipments.saveAll(List.of(new Shipment("a"), new Shipment("b"))));
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
        assertThat(shipments.findAll()).extracting(Shipment::getDestination)
                .containsExactlyInAnyOrder("Nantes", "Brest");
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

    @Test
    void anUpsertThatInsertsGetsKeysmithsIdAndOneThatUpdatesKeepsTheDocumentsId() {
        ConfigurableApplicationContext context = start(FeaturesApplication.class);
        MongoTemplate template = context.getBean(MongoTemplate.class);
        Shipment lyon = context.getBean(Shipments.class).save(new Shipment("Lyon"));
        Update renamed = Update.update("destination", "Lyon 2");

        UpdateResult matched = template.upsert(query(where("destination").is("Lyon")), renamed, Shipment.class);
        UpdateResult inserted = template.upsert(query(where("destination").is("Oslo")),
                Update.update("destination", "Oslo"), Shipment.class);

        assertThat(matched.getUpsertedId()).isNull();
        assertThat(template.findById(lyon.getId(), Shipment.class).getDestination()).isEqualTo("Lyon 2");
        // every upsert draws an id; the one that updated leaves it unused, a gap in the sequence
        assertThat(inserted.getUpsertedId()).isEqualTo(new BsonInt64(3));
        assertThat(template.findById(3L, Shipment.class).getDestination()).isEqualTo("Oslo");
        assertThat(renamed.getUpdateObject()).as("the caller's update is left as it was")
                .doesNotContainKey("$setOnInsert");

        BsonValue visit = template.upsert(query(where("page").is("/a")), Update.update("page", "/a"), Visit.class)
                .getUpsertedId();
        assertThat(visit.asBinary().getType()).isEqualTo(BsonBinarySubType.UUID_STANDARD.getValue());
        BsonValue draft = template.upsert(query(where("text").is("a")), Update.update("text", "a"), Draft.class)
                .getUpsertedId();
        assertThat(draft.getBsonType()).isEqualTo(BsonType.OBJECT_ID);
        BsonValue wallet = template.upsert(query(where("cents").is(7L)), Update.update("cents", 7L), Wallet.class)
                .getUpsertedId();
        assertThat(wallet.asInt64().getValue()).isBetween(1_000_000_000L, 9_999_999_999L);

        Visit modified = template.findAndModify(query(where("page").is("/b")), Update.update("page", "/b"),
                FindAndModifyOptions.options().upsert(true).returnNew(true), Visit.class);
        assertThat(modified.getId()).isNotNull();
        assertThat(template.findById(modified.getId(), Visit.class)).isNotNull();
    }

    @Test
    void anUpsertThatNamesTheIdKeepsItAndAPipelineUpsertWithoutItIsRefused() {
        ConfigurableApplicationContext context = start(FeaturesApplication.class);
        MongoTemplate template = context.getBean(MongoTemplate.class);

        template.upsert(query(where("id").is(77L)), Update.update("destination", "Rome"), Shipment.class);
        template.upsert(query(where("destination").is("Bari")), new Update().setOnInsert("_id", 78L), Shipment.class);
        assertThat(template.findAll(Shipment.class)).extracting(Shipment::getId).containsExactlyInAnyOrder(77L, 78L);
        assertThat(database.getCollection("keysmith_counters").countDocuments()).as("no id drawn").isZero();

        AggregationUpdate pipeline = AggregationUpdate.update().set("destination").toValue("Pisa");
        assertThatThrownBy(() -> template.upsert(query(where("destination").is("Pisa")), pipeline, Shipment.class))
                .isInstanceOf(InvalidDataAccessApiUsageException.class)
                .hasMessageContaining(Shipment.class.getName())
                .hasMessageContaining("query by the id");
        assertThat(template.count(new Query(), Shipment.class)).isEqualTo(2);
    }

    @Test
    void aReplacementWithoutIdKeepsTheMatchedDocumentsIdAndAnUpsertOfOneIsRefused() {
        ConfigurableApplicationContext context = start(FeaturesApplication.class);
        MongoTemplate template = context.getBean(MongoTemplate.class);
        Long id = context.getBean(Shipments.class).save(new Shipment("Lyon")).getId();

        Shipment before = template.findAndReplace(query(where("destination").is("Lyon")), new Shipment("Nantes"));
        template.replace(query(where("destination").is("Nantes")), new Shipment("Brest"));

        assertThat(before.getId()).isEqualTo(id);
        assertThat(template.findAll(Shipment.class)).singleElement()
                .satisfies(shipment -> assertThat(shipment.getId()).isEqualTo(id))
                .satisfies(shipment -> assertThat(shipment.getDestination()).isEqualTo("Brest"));

        assertThatThrownBy(() -> template.findAndReplace(query(where("destination").is("Oslo")), new Shipment("Oslo"),
                FindAndReplaceOptions.options().upsert()))
                .isInstanceOf(InvalidDataAccessApiUsageException.class)
                .hasMessageContaining("findAndReplace with upsert() of a " + Shipment.class.getName()
                        + " without its id")
                .hasMessageContaining("query by the id");
        assertThatThrownBy(() -> template.replace(query(where("destination").is("Oslo")), new Shipment("Oslo"),
                ReplaceOptions.replaceOptions().upsert()))
                .isInstanceOf(InvalidDataAccessApiUsageException.class);
        assertThat(template.count(new Query(), Shipment.class)).isOne();
    }

    @Test
    void bulkUpsertsAndReplacementsFollowTheTemplatesRules() {
        ConfigurableApplicationContext context = start(FeaturesApplication.class);
        MongoTemplate template = context.getBean(MongoTemplate.class);
        context.getBean(Shipments.class).save(new Shipment("Lyon"));

        template.bulkOps(BulkMode.ORDERED, Shipment.class)
                .upsert(query(where("destination").is("Oslo")), Update.update("destination", "Oslo"))
                .replaceOne(query(where("destination").is("Lyon")), new Shipment("Nantes"))
                .execute();
        template.bulkOps(BulkMode.UNORDERED, Visit.class)
                .upsert(List.of(Pair.of(query(where("page").is("/x")), Update.update("page", "/x"))))
                .execute();

        assertThat(template.findAll(Shipment.class)).extracting(Shipment::getId, Shipment::getDestination)
                .containsExactlyInAnyOrder(tuple(1L, "Nantes"), tuple(2L, "Oslo"));
        assertThat(database.getCollection("visits", BsonDocument.class).find().first().get("_id").asBinary().getType())
                .isEqualTo(BsonBinarySubType.UUID_STANDARD.getValue());
        assertThatThrownBy(() -> template.bulkOps(BulkMode.ORDERED, Shipment.class).replaceOne(
                query(where("destination").is("Rome")), new Shipment("Rome"), FindAndReplaceOptions.options().upsert()))
                .isInstanceOf(InvalidDataAccessApiUsageException.class)
                .hasMessageContaining("replaceOne with upsert() of a " + Shipment.class.getName() + " without its id");
    }

    @Test
    void anIdFieldNamedIdWithoutAtIdIsTheIdForKeysmithToo() {
        MongoTemplate template = start(FeaturesApplication.class).getBean(MongoTemplate.class);

        Label first = template.insert(new Label("fragile"));
        Label second = template.save(new Label("urgent"));

        assertThat(first.getId()).isEqualTo(1L);
        assertThat(second.getId()).isEqualTo(2L);
        assertThat(template.findById(2L, Label.class).getText()).isEqualTo("urgent");
    }

    @Test
    void anIdWithAnInitializerCountsAsSetAndKeysmithNeverAssignsIt() {
        ConfigurableApplicationContext context = start(FeaturesApplication.class);
        MongoTemplate template = context.getBean(MongoTemplate.class);
        Receipt receipt = new Receipt("paid");
        ObjectId initialized = receipt.getId();

        assertThat(template.insert(receipt).getId()).isEqualTo(initialized);
        // the initializer's ObjectId comes from the driver's generator, whose 5 random bytes are not keysmith's
        byte[] keysmiths = Arrays.copyOfRange(context.getBean(IdGenerators.class).objectId().toByteArray(), 4, 9);
        assertThat(Arrays.copyOfRange(template.findById(initialized, Receipt.class).getId().toByteArray(), 4, 9))
                .isNotEqualTo(keysmiths);
    }
}
