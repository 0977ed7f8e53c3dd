package dev.keysmith.spring.mongodb.app;

import org.springframework.data.mongodb.repository.MongoRepository;

/** The repository of {@link Note}. */
public interface Notes extends MongoRepository<Note, String> {
}
