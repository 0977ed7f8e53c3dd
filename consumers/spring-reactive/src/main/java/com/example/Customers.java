package com.example;

import java.util.UUID;
import org.springframework.data.mongodb.repository.ReactiveMongoRepository;

/** The reactive repository of {@link Customer}: plain Spring Data. */
public interface Customers extends ReactiveMongoRepository<Customer, UUID> {
}
