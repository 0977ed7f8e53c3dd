package dev.keysmith.spring.mongodb.app;

import org.springframework.data.mongodb.repository.MongoRepository;

/** The repository of {@link Order}. */
public interface Orders extends MongoRepository<Order, Long> {
}
