package dev.keysmith.spring.mongodb.app;

import org.springframework.data.mongodb.repository.MongoRepository;

/** The repository of {@link SharedInvoice}. */
public interface SharedInvoices extends MongoRepository<SharedInvoice, Long> {
}
