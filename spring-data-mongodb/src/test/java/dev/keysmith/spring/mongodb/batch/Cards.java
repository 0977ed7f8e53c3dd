package dev.keysmith.spring.mongodb.batch;

import org.springframework.data.mongodb.repository.MongoRepository;

public interface Cards extends MongoRepository<Card, Long> {
}
