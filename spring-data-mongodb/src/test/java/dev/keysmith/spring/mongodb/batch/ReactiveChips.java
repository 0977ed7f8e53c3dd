package dev.keysmith.spring.mongodb.batch;

import org.springframework.data.mongodb.repository.ReactiveMongoRepository;

public interface ReactiveChips extends ReactiveMongoRepository<Chip, Long> {
}
