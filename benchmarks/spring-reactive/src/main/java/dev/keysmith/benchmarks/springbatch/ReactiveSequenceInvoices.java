package dev.keysmith.benchmarks.springbatch;

import org.springframework.data.mongodb.repository.ReactiveMongoRepository;

public interface ReactiveSequenceInvoices extends ReactiveMongoRepository<SequenceInvoice, Long> {
}
