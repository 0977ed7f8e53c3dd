package dev.keysmith.samples.springboot.reactive;

import org.springframework.data.mongodb.repository.ReactiveMongoRepository;

/** The repository of {@link Comment}: plain reactive Spring Data, nothing of keysmith. */
public interface Comments extends ReactiveMongoRepository<Comment, String> {
}
