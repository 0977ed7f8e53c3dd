package dev.keysmith.spring.mongodb.app;

import org.bson.types.ObjectId;
import org.springframework.data.mongodb.repository.MongoRepository;

/** The repository of {@link Photo}. */
public interface Photos extends MongoRepository<Photo, ObjectId> {
}
