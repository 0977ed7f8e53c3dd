package dev.keysmith.spring.mongodb.batch;

import org.springframework.data.mongodb.repository.ReactiveMongoRepository;

public interface ReactivePins extends ReactiveMongoRepository<Pin, org.bson.types.ObjectId> {
}
