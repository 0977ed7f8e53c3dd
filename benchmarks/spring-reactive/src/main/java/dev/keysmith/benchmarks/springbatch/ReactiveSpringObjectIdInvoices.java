package dev.keysmith.benchmarks.springbatch;

import org.bson.types.ObjectId;
import org.springframework.data.mongodb.repository.ReactiveMongoRepository;

public interface ReactiveSpringObjectIdInvoices extends ReactiveMongoRepository<SpringObjectIdInvoice, ObjectId> {
}
