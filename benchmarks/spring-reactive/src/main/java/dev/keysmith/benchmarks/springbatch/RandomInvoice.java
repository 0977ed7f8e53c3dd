package dev.keysmith.benchmarks.springbatch;

import dev.keysmith.annotations.RandomId;
import dev.keysmith.benchmarks.spring.BenchmarkInvoice;
import org.springframework.data.annotation.Id;
import org.springframework.data.mongodb.core.mapping.Document;

/**
 * A keysmith random id of twelve digits (the default).
 * Not thread-safe: confine to one thread.
 */
@Document("random_invoices")
public class RandomInvoice extends BenchmarkInvoice {

    @Id
    @RandomId
    private Long id;

    public RandomInvoice(String customer, long cents) {
        super(customer, cents);
    }

    public Long getId() {
        return id;
    }
}
