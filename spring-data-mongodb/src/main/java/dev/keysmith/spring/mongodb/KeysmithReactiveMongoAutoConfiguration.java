package dev.keysmith.spring.mongodb;

import com.mongodb.reactivestreams.client.MongoDatabase;
import dev.keysmith.mongodb.reactive.ReactiveMongoCounterStore;
import dev.keysmith.mongodb.reactive.internal.ReactiveSequenceCounters;
import dev.keysmith.runtime.IdGenerators;
import dev.keysmith.spring.mongodb.internal.AssignIdsBeforeReactiveConvert;
import dev.keysmith.spring.mongodb.internal.EntityIds;
import dev.keysmith.spring.mongodb.internal.RandomIdRetryPostProcessor;
import dev.keysmith.spring.mongodb.internal.ReactiveInsertIds;
import dev.keysmith.spring.mongodb.internal.ReactiveMonoInserts;
import dev.keysmith.spring.mongodb.internal.ReactiveSequenceRetry;
import dev.keysmith.spring.mongodb.internal.ReactiveUpsertIds;
import dev.keysmith.spring.mongodb.internal.RecordBeforeReactiveSave;
import java.util.List;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.data.mongodb.ReactiveMongoDatabaseFactory;
import org.springframework.data.mongodb.core.ReactiveMongoOperations;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import org.springframework.data.mongodb.core.mapping.MongoMappingContext;
import reactor.core.publisher.Mono;

/**
 * Spring Boot auto-configuration of keysmith for reactive Spring Data MongoDB
 * ({@code spring-boot-starter-data-mongodb-reactive} and {@code keysmith-mongodb-reactive}): ids on the reactive
 * template's {@code insert}, {@code save} and {@code insertAll} (and so on the reactive repositories' {@code save},
 * {@code insert} and {@code saveAll}), upserts and bulk operations, by the rules of the blocking route, without
 * blocking; {@code @Sequence} ranges
 * reserved through the reactive driver ({@link ReactiveMongoCounterStore}, in no session), in the counters of the
 * blocking route; {@code @RandomId} collisions retried; a {@code @Sequence} id that collides (a counter behind its
 * data) resynced and retried once ({@link KeysmithReactiveSequenceCounters}); the mapping checked at startup; the
 * counters checked at startup ({@code keysmith.counter-check}) when the application has no blocking route (which
 * checks them otherwise); the sequences' meters, health and counters endpoint as on the blocking route.
 *
 * <p>Runs after Spring Boot's reactive Spring Data MongoDB auto-configuration (class names of both Boot lines) and
 * before {@link KeysmithMongoAutoConfiguration}: an application that has both templates gets one
 * {@link IdGenerators} (over the reactive store, which blocking callers wait on) and one {@link EntityIds}, so one
 * sequence never gives an id twice across both routes.
 *
 * <p>Thread-safe.
 */
@AutoConfiguration(before = KeysmithMongoAutoConfiguration.class, afterName = {
        "org.springframework.boot.autoconfigure.data.mongo.MongoReactiveDataAutoConfiguration",
        "org.springframework.boot.data.mongodb.autoconfigure.DataMongoReactiveAutoConfiguration"})
@ConditionalOnClass({ReactiveMongoTemplate.class, ReactiveMongoCounterStore.class, Mono.class})
@ConditionalOnBean({ReactiveMongoDatabaseFactory.class, MongoMappingContext.class})
@EnableConfigurationProperties(KeysmithProperties.class)
public class KeysmithReactiveMongoAutoConfiguration {

    /**
     * The generators, whose sequences reserve their ranges without blocking in the application's database: the
     * collection and write concern of {@code keysmith.*}, the counter format of {@code keysmith-mongodb}.
     */
    @Bean(destroyMethod = "close")
    @ConditionalOnMissingBean
    public IdGenerators keysmithIdGenerators(ReactiveMongoDatabaseFactory databases, KeysmithProperties properties) {
        // The factory's database is made at once, without I/O (block() returns at once), at startup; it is bound
        // to no session, so no counter write joins a caller's transaction.
        MongoDatabase database = databases.getMongoDatabase().block();
        return IdGenerators.asyncBuilder(ReactiveMongoCounterStore.create(database,
                properties.getCountersCollection(), properties.counterWriteConcern()))
                .prefetchBatches(properties.prefetchBatchesChecked()).build();
    }

    /** The id strategy of every entity type, read from Spring Data's mapping: the blocking route's rule book. */
    @Bean
    @ConditionalOnMissingBean
    public EntityIds keysmithEntityIds(MongoMappingContext mappingContext, IdGenerators ids,
            ReactiveMongoDatabaseFactory databases) {
        return new EntityIds(mappingContext, ids, () -> KeysmithMongoAutoConfiguration.uuidRepresentation(databases));
    }

    /** Assigns the ids before the reactive template converts an entity. */
    @Bean
    public AssignIdsBeforeReactiveConvert keysmithReactiveAssignIds(EntityIds ids) {
        return new AssignIdsBeforeReactiveConvert(ids);
    }

    /**
     * Records, during keysmith's batch inserts, what the reactive template stores of each entity: the after-save
     * callbacks of the entities a batch stored before a collision part-way.
     */
    @Bean
    public RecordBeforeReactiveSave keysmithRecordBeforeReactiveSave() {
        return new RecordBeforeReactiveSave();
    }

    /**
     * On every reactive template: resyncs (then retries once) a {@code @Sequence} whose id collides, retries inserts of
     * {@code @RandomId} entities that collide on {@code _id}, inserts a batch with one {@code insertMany}, its
     * {@code @Sequence} ids in the batch's order, and recovers it from such a collision part-way; gives upserted documents keysmith's id and keeps replacements without one as the blocking route does;
     * routes the {@code Mono}-taking inserts through the same.
     */
    @Bean
    public static RandomIdRetryPostProcessor keysmithReactiveRandomIdRetry(ObjectProvider<EntityIds> ids,
            ObjectProvider<KeysmithReactiveSequenceCounters> counters) {
        return new RandomIdRetryPostProcessor(ReactiveMongoOperations.class,
                () -> List.of(new ReactiveSequenceRetry(ids::getObject, counters::getObject),
                        new ReactiveInsertIds(ids::getObject), new ReactiveUpsertIds(ids::getObject),
                        new ReactiveMonoInserts()));
    }

    /**
     * The counters of the {@code @Sequence} entities next to their collections, through the reactive driver: check and
     * resync without blocking.
     */
    @Bean
    public KeysmithReactiveSequenceCounters keysmithReactiveSequenceCounters(EntityIds ids,
            ReactiveMongoDatabaseFactory databases, KeysmithProperties properties) {
        MongoDatabase database = databases.getMongoDatabase().block(); // at once, without I/O, as above
        return new KeysmithReactiveSequenceCounters(ids, new ReactiveSequenceCounters(database,
                ReactiveMongoCounterStore.create(database, properties.getCountersCollection(),
                        properties.counterWriteConcern()), properties.counterCheckMode(),
                properties.isResyncOnDuplicateId(), "KeysmithReactiveSequenceCounters.resync(%s.class) (or POST"
                        + " /actuator/keysmithsequences)", "keysmith.counter-check"));
    }

    /** Fails the startup, naming the entity and field, when an entity Spring Data knows has a wrong id mapping. */
    @Bean
    public SmartInitializingSingleton keysmithReactiveMappingCheck(EntityIds ids) {
        return ids::checkAll;
    }

    /**
     * The start-up check of the {@code @Sequence} counters ({@code keysmith.counter-check}), after the mapping check,
     * in an application without the blocking route (whose {@code keysmithSequenceCounters} checks them otherwise, once
     * for both). It waits for the database, as the blocking route's does: the context's start is no event loop.
     */
    @Bean
    public SmartInitializingSingleton keysmithReactiveCounterCheck(KeysmithReactiveSequenceCounters counters,
            ListableBeanFactory beans) {
        // by name: the blocking route's class needs the synchronous driver, which a reactive application may not have
        return () -> {
            if (!beans.containsBean("keysmithSequenceCounters")) {
                counters.checkAtStart().block();
            }
        };
    }
}
