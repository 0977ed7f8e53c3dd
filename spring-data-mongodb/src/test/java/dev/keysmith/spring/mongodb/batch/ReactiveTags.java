package dev.keysmith.spring.mongodb.batch;

import org.springframework.data.mongodb.repository.ReactiveMongoRepository;

public interface ReactiveTags extends ReactiveMongoRepository<Tag, java.util.UUID> {
}
