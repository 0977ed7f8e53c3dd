package dev.keysmith.spring.mongodb.reactivefeatures;

import org.springframework.data.mongodb.repository.ReactiveMongoRepository;

/** The reactive repository of {@link Tally}. */
public interface Tallies extends ReactiveMongoRepository<Tally, Long> {
}
