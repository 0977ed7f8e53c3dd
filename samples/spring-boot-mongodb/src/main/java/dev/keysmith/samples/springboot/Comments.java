package dev.keysmith.samples.springboot;

import org.springframework.data.mongodb.repository.MongoRepository;

/** The repository of {@link Comment}: plain Spring Data, nothing of keysmith. */
public interface Comments extends MongoRepository<Comment, String> {
}
