package dev.keysmith.benchmarks.springbatch;

import org.springframework.data.mongodb.repository.MongoRepository;

public interface SequenceInvoices extends MongoRepository<SequenceInvoice, Long> {
}
