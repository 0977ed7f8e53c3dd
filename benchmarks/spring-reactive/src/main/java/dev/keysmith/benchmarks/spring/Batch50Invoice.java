package dev.keysmith.benchmarks.spring;

import dev.keysmith.annotations.Sequence;
import org.springframework.data.annotation.Id;
import org.springframework.data.mongodb.core.mapping.Document;

/**
 * An invoice numbered by keysmith's sequence at batch 50 (with prefetch, its default). Not thread-safe: confine to
 * one thread.
 */
@Document("batch50_invoices")
public class Batch50Invoice extends BenchmarkInvoice {

    @Id
    @Sequence(batch = 50)
    private Long number;

    public Batch50Invoice(String customer, long cents) {
        super(customer, cents);
    }

    public Long getNumber() {
        return number;
    }
}
