package dev.keysmith.spring.mongodb.reactive;

import org.springframework.data.mongodb.repository.ReactiveMongoRepository;

/** The reactive repository of {@link Entry}. */
public interface Entries extends ReactiveMongoRepository<Entry, Long> {
}
