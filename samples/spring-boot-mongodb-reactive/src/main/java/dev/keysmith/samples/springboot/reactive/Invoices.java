package dev.keysmith.samples.springboot.reactive;

import org.springframework.data.mongodb.repository.ReactiveMongoRepository;

/** The repository of {@link Invoice}: plain reactive Spring Data, nothing of keysmith. */
public interface Invoices extends ReactiveMongoRepository<Invoice, Long> {
}
