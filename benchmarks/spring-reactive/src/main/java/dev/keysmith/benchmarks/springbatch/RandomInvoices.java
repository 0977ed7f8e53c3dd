package dev.keysmith.benchmarks.springbatch;

import org.springframework.data.mongodb.repository.MongoRepository;

public interface RandomInvoices extends MongoRepository<RandomInvoice, Long> {
}
