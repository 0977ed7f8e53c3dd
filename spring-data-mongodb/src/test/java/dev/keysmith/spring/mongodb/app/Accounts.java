package dev.keysmith.spring.mongodb.app;

import org.springframework.data.mongodb.repository.MongoRepository;

/** The repository of {@link Account}. */
public interface Accounts extends MongoRepository<Account, Long> {
}
