package dev.keysmith.benchmarks.spring;

import org.springframework.data.mongodb.repository.ReactiveMongoRepository;

/** The repository of {@link Batch50Invoice}: plain Spring Data. */
public interface Batch50Invoices extends ReactiveMongoRepository<Batch50Invoice, Long> {
}
