package dev.keysmith.spring.mongodb.batch;

import org.springframework.data.mongodb.repository.ReactiveMongoRepository;

public interface ReactiveLines extends ReactiveMongoRepository<Line, Long> {
}
