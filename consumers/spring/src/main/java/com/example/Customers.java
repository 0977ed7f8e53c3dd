package com.example;

import java.util.UUID;
import org.springframework.data.mongodb.repository.MongoRepository;

/** The repository of {@link Customer}: plain Spring Data. */
public interface Customers extends MongoRepository<Customer, UUID> {
}
