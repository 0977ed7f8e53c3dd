package dev.keysmith.benchmarks.springbatch;

import org.springframework.data.mongodb.repository.ReactiveMongoRepository;

public interface ReactiveRandomInvoices extends ReactiveMongoRepository<RandomInvoice, Long> {
}
