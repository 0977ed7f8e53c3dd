package dev.keysmith.benchmarks.springbatch;

import org.springframework.data.mongodb.repository.MongoRepository;

public interface AssignedLongInvoices extends MongoRepository<AssignedLongInvoice, Long> {
}
