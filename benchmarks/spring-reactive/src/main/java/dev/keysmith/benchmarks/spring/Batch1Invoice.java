package dev.keysmith.benchmarks.spring;

import dev.keysmith.annotations.Sequence;
import org.springframework.data.annotation.Id;
import org.springframework.data.mongodb.core.mapping.Document;

/** An invoice numbered by keysmith's sequence at batch 1. Not thread-safe: confine to one thread. */
@Document("batch1_invoices")
public class Batch1Invoice extends BenchmarkInvoice {

    @Id
    @Sequence(batch = 1)
    private Long number;

    public Batch1Invoice(String customer, long cents) {
        super(customer, cents);
    }

    public Long getNumber() {
        return number;
    }
}
