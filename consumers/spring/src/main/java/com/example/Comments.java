package com.example;

import org.springframework.data.mongodb.repository.MongoRepository;

/** The repository of {@link Comment}: plain Spring Data. */
public interface Comments extends MongoRepository<Comment, String> {
}
