package dev.keysmith.benchmarks.springbatch;

import org.springframework.data.mongodb.repository.ReactiveMongoRepository;

public interface ReactiveAssignedLongInvoices extends ReactiveMongoRepository<AssignedLongInvoice, Long> {
}
