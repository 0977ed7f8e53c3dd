package com.example;

import org.springframework.data.mongodb.repository.MongoRepository;

/** The repository of {@link Invoice}: plain Spring Data. */
public interface Invoices extends MongoRepository<Invoice, Long> {
}
