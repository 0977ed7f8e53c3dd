package com.example;

import org.bson.types.ObjectId;
import org.springframework.data.mongodb.repository.ReactiveMongoRepository;

/** The reactive repository of {@link Comment}: plain Spring Data. */
public interface Comments extends ReactiveMongoRepository<Comment, ObjectId> {
}
