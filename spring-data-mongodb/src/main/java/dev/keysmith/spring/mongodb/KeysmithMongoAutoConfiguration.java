package dev.keysmith.spring.mongodb;

import com.mongodb.client.MongoDatabase;
import dev.keysmith.mongodb.MongoCounterStore;
import dev.keysmith.mongodb.internal.SequenceCounters;
import dev.keysmith.runtime.IdGenerators;
import dev.keysmith.spring.mongodb.internal.AssignIdsBeforeConvert;
import dev.keysmith.spring.mongodb.internal.EntityIds;
import dev.keysmith.spring.mongodb.internal.RandomIdRetryPostProcessor;
import dev.keysmith.spring.mongodb.internal.RecordBeforeSave;
import java.util.UUID;
import org.bson.UuidRepresentation;
import org.bson.codecs.Codec;
import org.bson.codecs.UuidCodec;
import org.bson.codecs.configuration.CodecConfigurationException;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.data.mongodb.CodecRegistryProvider;
import org.springframework.data.mongodb.MongoDatabaseFactory;
import org.springframework.data.mongodb.core.MongoTemplate;
import org.springframework.data.mongodb.core.mapping.MongoMappingContext;

/**
 * Spring Boot auto-configuration of keysmith for Spring Data MongoDB: ids on {@code insert} and {@code save} for
 * entities whose {@code @Id} carries a keysmith annotation, sequence counters in the application's database, a
 * check of every entity's mapping at startup, the sequences' meters when Micrometer is present and their health
 * ({@code keysmith}) when Actuator is (those two are auto-configured after this one, by
 * {@code dev.keysmith.spring.mongodb.internal.KeysmithObservabilityAutoConfiguration}). The reactive template gets
 * its ids from {@link KeysmithReactiveMongoAutoConfiguration}, which runs before this one; an application with both
 * templates has one {@link IdGenerators} and one {@link EntityIds} for both.
 *
 * <p>Runs after Spring Boot's Spring Data MongoDB auto-configuration; the class names of both Boot lines are given
 * because Boot 4 moved it ({@code org.springframework.boot.data.mongodb.autoconfigure.DataMongoAutoConfiguration},
 * Boot 3: {@code org.springframework.boot.autoconfigure.data.mongo.MongoDataAutoConfiguration}).
 *
 * <p>Thread-safe.
 */
@AutoConfiguration(afterName = {
        "org.springframework.boot.autoconfigure.data.mongo.MongoDataAutoConfiguration",
        "org.springframework.boot.data.mongodb.autoconfigure.DataMongoAutoConfiguration"})
@ConditionalOnClass({MongoTemplate.class, MongoCounterStore.class})
@ConditionalOnBean({MongoDatabaseFactory.class, MongoMappingContext.class})
@EnableConfigurationProperties(KeysmithProperties.class)
public class KeysmithMongoAutoConfiguration {

    /**
     * The order of keysmith's {@code BeforeConvertCallback}, which assigns the ids: after Spring Data's auditing
     * callback (order 100), which decides {@code @CreatedDate} by whether the entity is new, that is has no id yet;
     * before every callback of lower precedence, among them those without an order. A callback of the application
     * that needs the id orders itself after this one (or declares no order); one that must run before keysmith
     * assigns, before it.
     */
    public static final int ID_CALLBACK_ORDER = 200;

    /**
     * The generators, whose sequences keep their counters in the application's database: the collection and write
     * concern of {@code keysmith.*}, the counter format of {@code keysmith-mongodb}.
     */
    @Bean(destroyMethod = "close")
    @ConditionalOnMissingBean
    public IdGenerators keysmithIdGenerators(MongoDatabaseFactory databases, KeysmithProperties properties) {
        return IdGenerators.builder(MongoCounterStore.create(databases.getMongoDatabase(),
                properties.getCountersCollection(), properties.counterWriteConcern()))
                .prefetchBatches(properties.prefetchBatchesChecked()).build();
    }

    /**
     * The id strategy of every entity type, read from Spring Data's mapping; one for both routes (the reactive
     * auto-configuration, which runs first, makes it in an application that has both).
     */
    @Bean
    @ConditionalOnMissingBean
    public EntityIds keysmithEntityIds(MongoMappingContext mappingContext, IdGenerators ids,
            MongoDatabaseFactory databases) {
        return new EntityIds(mappingContext, ids, () -> uuidRepresentation(databases));
    }

    /** Assigns the ids before the template converts an entity. */
    @Bean
    public AssignIdsBeforeConvert keysmithAssignIds(EntityIds ids) {
        return new AssignIdsBeforeConvert(ids);
    }

    /**
     * Records, during keysmith's batch inserts, what the template stores of each entity: the after-save callbacks of
     * the entities a batch stored before a collision part-way.
     */
    @Bean
    public RecordBeforeSave keysmithRecordBeforeSave() {
        return new RecordBeforeSave();
    }

    /**
     * Retries inserts of {@code @RandomId} entities that collide on {@code _id}, and resyncs (then retries once) a
     * {@code @Sequence} whose id collides; a batch in one {@code insertMany}, recovered from such a collision part-way.
     */
    @Bean
    public static RandomIdRetryPostProcessor keysmithRandomIdRetry(ObjectProvider<EntityIds> ids,
            ObjectProvider<KeysmithSequenceCounters> counters) {
        return new RandomIdRetryPostProcessor(ids::getObject, counters::getObject);
    }

    /** The counters of the {@code @Sequence} entities next to their collections: check and resync. */
    @Bean
    public KeysmithSequenceCounters keysmithSequenceCounters(EntityIds ids, MongoDatabaseFactory databases,
            KeysmithProperties properties) {
        MongoDatabase database = databases.getMongoDatabase();
        return new KeysmithSequenceCounters(ids, new SequenceCounters(database, MongoCounterStore.create(database,
                properties.getCountersCollection(), properties.counterWriteConcern()), properties.counterCheckMode(),
                properties.isResyncOnDuplicateId(), "KeysmithSequenceCounters.resync(%s.class) (or POST"
                        + " /actuator/keysmithsequences)", "keysmith.counter-check"));
    }

    /**
     * The start-up check of the {@code @Sequence} counters ({@code keysmith.counter-check}), after the mapping check.
     */
    @Bean
    public SmartInitializingSingleton keysmithCounterCheck(KeysmithSequenceCounters counters) {
        return counters::checkAtStart;
    }

    /** Fails the startup, naming the entity and field, when an entity Spring Data knows has a wrong id mapping. */
    @Bean
    public SmartInitializingSingleton keysmithMappingCheck(EntityIds ids) {
        return ids::checkAll;
    }

    /**
     * How the application's client writes a {@code java.util.UUID} (through {@code databases}, a blocking or a
     * reactive database factory); null when its codec is not the driver's.
     */
    static UuidRepresentation uuidRepresentation(CodecRegistryProvider databases) {
        try {
            Codec<UUID> codec = databases.getCodecRegistry().get(UUID.class);
            return codec instanceof UuidCodec uuids ? uuids.getUuidRepresentation() : null;
        } catch (CodecConfigurationException e) {
            return null;
        }
    }
}
