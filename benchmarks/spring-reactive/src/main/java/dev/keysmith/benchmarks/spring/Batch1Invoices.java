package dev.keysmith.benchmarks.spring;

import org.springframework.data.mongodb.repository.ReactiveMongoRepository;

/** The repository of {@link Batch1Invoice}: plain Spring Data. */
public interface Batch1Invoices extends ReactiveMongoRepository<Batch1Invoice, Long> {
}
