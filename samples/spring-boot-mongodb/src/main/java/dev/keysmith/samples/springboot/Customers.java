package dev.keysmith.samples.springboot;

import java.util.UUID;
import org.springframework.data.mongodb.repository.MongoRepository;

/** The repository of {@link Customer}: plain Spring Data, nothing of keysmith. */
public interface Customers extends MongoRepository<Customer, UUID> {
}
