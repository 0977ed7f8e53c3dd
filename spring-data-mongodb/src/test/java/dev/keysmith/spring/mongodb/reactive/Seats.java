package dev.keysmith.spring.mongodb.reactive;

import org.springframework.data.mongodb.repository.ReactiveMongoRepository;

/** The reactive repository of {@link Seat}. */
public interface Seats extends ReactiveMongoRepository<Seat, Integer> {
}
