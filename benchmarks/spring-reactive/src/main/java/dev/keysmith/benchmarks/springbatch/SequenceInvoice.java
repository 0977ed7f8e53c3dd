package dev.keysmith.benchmarks.springbatch;

import dev.keysmith.annotations.Sequence;
import dev.keysmith.benchmarks.spring.BenchmarkInvoice;
import org.springframework.data.annotation.Id;
import org.springframework.data.mongodb.core.mapping.Document;

/**
 * A keysmith sequence id, a thousand ids per round trip to the counters.
 * Not thread-safe: confine to one thread.
 */
@Document("sequence_invoices")
public class SequenceInvoice extends BenchmarkInvoice {

    @Id
    @Sequence(batch = 1000)
    private Long id;

    public SequenceInvoice(String customer, long cents) {
        super(customer, cents);
    }

    public Long getId() {
        return id;
    }
}
