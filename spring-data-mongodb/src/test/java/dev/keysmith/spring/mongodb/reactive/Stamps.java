package dev.keysmith.spring.mongodb.reactive;

import org.springframework.data.mongodb.repository.ReactiveMongoRepository;

/** The reactive repository of {@link Stamp}. */
public interface Stamps extends ReactiveMongoRepository<Stamp, Long> {
}
