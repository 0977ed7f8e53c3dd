package dev.keysmith.spring.mongodb.reactive;

import org.springframework.data.mongodb.repository.ReactiveMongoRepository;

/** The reactive repository of {@link Memo}. */
public interface Memos extends ReactiveMongoRepository<Memo, String> {
}
