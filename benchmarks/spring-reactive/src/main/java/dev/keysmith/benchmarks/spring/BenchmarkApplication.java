package dev.keysmith.benchmarks.spring;

import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Lazy;
import org.springframework.data.mongodb.core.ReactiveMongoOperations;

/**
 * The application both routes run in: Spring Boot's reactive Spring Data MongoDB with keysmith's auto-configuration
 * (for the {@code @Sequence} entities), and the hand-written callback registered as applications register it (for
 * {@link HandWrittenInvoice}).
 */
@SpringBootApplication
public class BenchmarkApplication {

    /**
     * The hand-written callback. {@code @Lazy}, as applications write it: the template's converter collects the
     * entity callbacks when it is made, so a callback that needs the template at once is a dependency cycle.
     */
    @Bean
    HandWrittenIdCallback handWrittenIdCallback(@Lazy ReactiveMongoOperations mongo) {
        return new HandWrittenIdCallback(new HandWrittenSequenceGenerator(mongo));
    }
}
