package dev.keysmith.benchmarks.spring;

import org.springframework.data.mongodb.repository.ReactiveMongoRepository;

/** The repository of {@link HandWrittenInvoice}: plain Spring Data. */
public interface HandWrittenInvoices extends ReactiveMongoRepository<HandWrittenInvoice, Long> {
}
