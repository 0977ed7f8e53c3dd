package dev.keysmith.spring.mongodb.reactivefeatures;

import dev.keysmith.spring.mongodb.features.FeaturesApplication.SeenIds;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.data.mongodb.config.EnableReactiveMongoAuditing;
import org.springframework.data.mongodb.core.mapping.event.ReactiveBeforeConvertCallback;
import reactor.core.publisher.Mono;

/**
 * A reactive application that combines keysmith's ids with reactive auditing, versions, and a
 * {@code ReactiveBeforeConvertCallback} of its own (without an order, as most are written).
 */
@SpringBootApplication
@EnableReactiveMongoAuditing
public class ReactiveFeaturesApplication {

    @Bean
    SeenIds seenIds() {
        return new SeenIds();
    }

    @Bean
    ReactiveBeforeConvertCallback<Consignment> recordConsignmentIds(SeenIds seen) {
        return (consignment, collection) -> {
            seen.saw(consignment.getId());
            return Mono.just(consignment);
        };
    }
}
