package dev.keysmith.spring.mongodb.features;

import org.springframework.data.mongodb.repository.MongoRepository;

/** The repository of {@link Shipment}. */
public interface Shipments extends MongoRepository<Shipment, Long> {
}
