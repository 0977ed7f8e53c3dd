package dev.keysmith.spring.mongodb.reactivefeatures;

import org.springframework.data.mongodb.repository.ReactiveMongoRepository;

/** The reactive repository of {@link Consignment}. */
public interface Consignments extends ReactiveMongoRepository<Consignment, Long> {
}
