package dev.keysmith.benchmarks.spring;

import org.springframework.data.annotation.Id;
import org.springframework.data.annotation.Transient;
import org.springframework.data.mongodb.core.mapping.Document;

/**
 * An invoice numbered the way applications do it by hand today: a counter document per sequence, incremented by
 * {@link HandWrittenIdCallback} before each insert, which sets the number. Not thread-safe: confine to one thread.
 */
@Document("hand_written_invoices")
public class HandWrittenInvoice extends BenchmarkInvoice {

    /** The name of this entity's counter document. */
    @Transient
    public static final String SEQUENCE_NAME = "hand_written_invoices_sequence";

    @Id
    private Long number;

    public HandWrittenInvoice(String customer, long cents) {
        super(customer, cents);
    }

    public Long getNumber() {
        return number;
    }

    public void setNumber(Long number) {
        this.number = number;
    }
}
