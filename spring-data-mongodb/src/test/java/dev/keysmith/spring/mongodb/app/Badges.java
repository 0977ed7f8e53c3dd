package dev.keysmith.spring.mongodb.app;

import org.springframework.data.mongodb.repository.MongoRepository;

/** The repository of {@link Badge}. */
public interface Badges extends MongoRepository<Badge, Integer> {
}
