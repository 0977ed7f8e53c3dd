package dev.keysmith.spring.mongodb.features;

import org.springframework.data.mongodb.repository.MongoRepository;

/** The repository of {@link Draft}. */
public interface Drafts extends MongoRepository<Draft, String> {
}
