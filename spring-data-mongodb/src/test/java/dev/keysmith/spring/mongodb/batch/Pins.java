package dev.keysmith.spring.mongodb.batch;

import org.springframework.data.mongodb.repository.MongoRepository;

public interface Pins extends MongoRepository<Pin, org.bson.types.ObjectId> {
}
