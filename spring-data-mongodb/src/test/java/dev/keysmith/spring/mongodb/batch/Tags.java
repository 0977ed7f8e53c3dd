package dev.keysmith.spring.mongodb.batch;

import org.springframework.data.mongodb.repository.MongoRepository;

public interface Tags extends MongoRepository<Tag, java.util.UUID> {
}
