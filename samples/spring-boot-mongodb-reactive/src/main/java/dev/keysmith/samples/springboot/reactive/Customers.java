package dev.keysmith.samples.springboot.reactive;

import java.util.UUID;
import org.springframework.data.mongodb.repository.ReactiveMongoRepository;

/** The repository of {@link Customer}: plain reactive Spring Data, nothing of keysmith. */
public interface Customers extends ReactiveMongoRepository<Customer, UUID> {
}
