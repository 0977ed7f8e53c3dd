package dev.keysmith.spring.mongodb.internal;

import dev.keysmith.spring.mongodb.KeysmithMongoAutoConfiguration;
import dev.keysmith.spring.mongodb.KeysmithReactiveSequenceCounters;
import dev.keysmith.spring.mongodb.KeysmithReactiveMongoAutoConfiguration;
import dev.keysmith.spring.mongodb.KeysmithSequenceCounters;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The sequences' Micrometer meters when Micrometer is present (of both routes, blocking and reactive: one
 * {@link EntityIds}), and their health indicator ({@code keysmith}) and
 * counters endpoint ({@code keysmithsequences}: {@link KeysmithSequencesEndpoint}, or
 * {@link KeysmithReactiveSequencesEndpoint} in an application with the reactive route only) when Actuator is, on either
 * Spring Boot line: Boot 4 moved the health API from {@code org.springframework.boot.actuate.health} to {@code org.springframework.boot.health.contributor}, so each
 * line has its own indicator class and only the one whose API is present is created.
 *
 * <p>Thread-safe.
 */
@AutoConfiguration(after = {KeysmithMongoAutoConfiguration.class, KeysmithReactiveMongoAutoConfiguration.class})
@ConditionalOnBean(EntityIds.class)
public class KeysmithObservabilityAutoConfiguration {

    /** The meters of {@link SequenceMetrics}. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(name = "io.micrometer.core.instrument.binder.MeterBinder")
    static class Metrics {

        @Bean
        SequenceMetrics keysmithSequenceMetrics(EntityIds ids) {
            return new SequenceMetrics(ids);
        }
    }

    /**
     * The endpoint {@code keysmithsequences} (the same endpoint annotations on Spring Boot 3 and 4), where the
     * counters can be checked and resynced, through the blocking route's counters when the application has them.
     */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(name = "org.springframework.boot.actuate.endpoint.annotation.Endpoint")
    @ConditionalOnBean(KeysmithSequenceCounters.class)
    static class SequencesEndpoint {

        @Bean
        @ConditionalOnMissingBean
        KeysmithSequencesEndpoint keysmithSequencesEndpoint(KeysmithSequenceCounters counters, EntityIds ids) {
            return new KeysmithSequencesEndpoint(counters, ids);
        }
    }

    /**
     * The endpoint {@code keysmithsequences} of an application with the reactive route only, through the reactive
     * route's counters. Both counters classes are named by their names: the blocking one needs the synchronous driver,
     * the reactive one Reactor and the reactive streams driver, which an application of the other route may not have.
     */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(name = "org.springframework.boot.actuate.endpoint.annotation.Endpoint")
    @ConditionalOnBean(type = "dev.keysmith.spring.mongodb.KeysmithReactiveSequenceCounters")
    @ConditionalOnMissingBean(type = "dev.keysmith.spring.mongodb.KeysmithSequenceCounters")
    static class ReactiveSequencesEndpoint {

        @Bean
        @ConditionalOnMissingBean
        KeysmithReactiveSequencesEndpoint keysmithReactiveSequencesEndpoint(KeysmithReactiveSequenceCounters counters,
                EntityIds ids) {
            return new KeysmithReactiveSequencesEndpoint(counters, ids);
        }
    }

    /** Spring Boot 3's health API. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(name = "org.springframework.boot.actuate.health.HealthIndicator")
    static class Boot3Health {

        @Bean
        @ConditionalOnMissingBean(name = "keysmithHealthIndicator")
        dev.keysmith.spring.mongodb.internal.boot3.KeysmithHealthIndicator keysmithHealthIndicator(EntityIds ids) {
            return new dev.keysmith.spring.mongodb.internal.boot3.KeysmithHealthIndicator(new SequenceHealth(ids));
        }
    }

    /** Spring Boot 4's health API. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(name = "org.springframework.boot.health.contributor.HealthIndicator")
    static class Boot4Health {

        @Bean
        @ConditionalOnMissingBean(name = "keysmithHealthIndicator")
        dev.keysmith.spring.mongodb.internal.boot4.KeysmithHealthIndicator keysmithHealthIndicator(EntityIds ids) {
            return new dev.keysmith.spring.mongodb.internal.boot4.KeysmithHealthIndicator(new SequenceHealth(ids));
        }
    }
}
