package dev.keysmith.benchmarks.springbatch;

import dev.keysmith.benchmarks.spring.BenchmarkInvoice;
import org.springframework.data.annotation.Id;
import org.springframework.data.domain.Persistable;
import org.springframework.data.mongodb.core.mapping.Document;

/**
 * A control without keysmith: a {@code Long} id that the application sets before the batch is saved (from a counter
 * or drawn at random by the benchmark, {@link SpringBatchState}), so that Spring Data alone inserts documents with
 * the key type of keysmith's ids. New by {@link Persistable#isNew()}, as an application that assigns its own ids
 * declares it, so that the repositories' {@code saveAll} inserts the batch with one {@code insertMany} (with a
 * non-null id Spring Data would take every entity for an existing one and save them one by one).
 * Not thread-safe: confine to one thread.
 */
@Document("assigned_invoices")
public class AssignedLongInvoice extends BenchmarkInvoice implements Persistable<Long> {

    @Id
    private Long id;

    public AssignedLongInvoice(Long id, String customer, long cents) {
        super(customer, cents);
        this.id = id;
    }

    @Override
    public Long getId() {
        return id;
    }

    /** Always new: the benchmark saves each instance once. */
    @Override
    public boolean isNew() {
        return true;
    }
}
