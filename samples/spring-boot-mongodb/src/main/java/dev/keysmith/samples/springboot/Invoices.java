package dev.keysmith.samples.springboot;

import org.springframework.data.mongodb.repository.MongoRepository;

/** The repository of {@link Invoice}: plain Spring Data, nothing of keysmith. */
public interface Invoices extends MongoRepository<Invoice, Long> {
}
