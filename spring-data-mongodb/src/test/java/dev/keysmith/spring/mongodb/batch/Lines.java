package dev.keysmith.spring.mongodb.batch;

import org.springframework.data.mongodb.repository.MongoRepository;

public interface Lines extends MongoRepository<Line, Long> {
}
