package dev.keysmith.spring.mongodb.reactive;

import java.util.UUID;
import org.springframework.data.mongodb.repository.ReactiveMongoRepository;

/** The reactive repository of {@link Trip}. */
public interface Trips extends ReactiveMongoRepository<Trip, UUID> {
}
