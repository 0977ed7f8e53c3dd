package dev.keysmith.spring.mongodb.reactive;

import org.springframework.data.mongodb.repository.ReactiveMongoRepository;

/** The reactive repository of {@link Draw}. */
public interface Draws extends ReactiveMongoRepository<Draw, Long> {
}
