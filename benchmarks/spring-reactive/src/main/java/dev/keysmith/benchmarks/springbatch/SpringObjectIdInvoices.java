package dev.keysmith.benchmarks.springbatch;

import org.bson.types.ObjectId;
import org.springframework.data.mongodb.repository.MongoRepository;

public interface SpringObjectIdInvoices extends MongoRepository<SpringObjectIdInvoice, ObjectId> {
}
