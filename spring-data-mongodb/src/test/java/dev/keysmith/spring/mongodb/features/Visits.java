package dev.keysmith.spring.mongodb.features;

import org.springframework.data.mongodb.repository.MongoRepository;

/** The repository of {@link Visit}. */
public interface Visits extends MongoRepository<Visit, java.util.UUID> {
}
