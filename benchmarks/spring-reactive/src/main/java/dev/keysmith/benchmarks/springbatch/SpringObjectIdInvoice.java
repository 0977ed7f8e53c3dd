package dev.keysmith.benchmarks.springbatch;

import dev.keysmith.benchmarks.spring.BenchmarkInvoice;
import org.bson.types.ObjectId;
import org.springframework.data.annotation.Id;
import org.springframework.data.mongodb.core.mapping.Document;

/**
 * The anchor: Spring Data's own ObjectId id, which the driver makes when it inserts.
 * Not thread-safe: confine to one thread.
 */
@Document("spring_invoices")
public class SpringObjectIdInvoice extends BenchmarkInvoice {

    @Id
    private ObjectId id;

    public SpringObjectIdInvoice(String customer, long cents) {
        super(customer, cents);
    }

    public ObjectId getId() {
        return id;
    }
}
