package dev.keysmith.spring.mongodb.features;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.data.mongodb.config.EnableMongoAuditing;
import org.springframework.data.mongodb.core.mapping.event.BeforeConvertCallback;

/**
 * An application that combines keysmith's ids with the Spring Data features users combine them with: auditing,
 * versions, and a {@code BeforeConvertCallback} of its own (without an order, as most are written).
 */
@SpringBootApplication
@EnableMongoAuditing
public class FeaturesApplication {

    /** The ids the application's own callback saw on the entities it was called with. */
    public static final class SeenIds {
        private final List<Long> ids = Collections.synchronizedList(new ArrayList<>());

        public List<Long> ids() {
            return List.copyOf(ids);
        }

        public void saw(Long id) {
            ids.add(id);
        }
    }

    @Bean
    SeenIds seenIds() {
        return new SeenIds();
    }

    @Bean
    BeforeConvertCallback<Shipment> recordShipmentIds(SeenIds seen) {
        return (shipment, collection) -> {
            seen.saw(shipment.getId());
            return shipment;
        };
    }
}
