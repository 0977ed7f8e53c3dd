package com.example;

import org.springframework.data.mongodb.repository.ReactiveMongoRepository;

/** The reactive repository of {@link Invoice}: plain Spring Data. */
public interface Invoices extends ReactiveMongoRepository<Invoice, Long> {
}
