package dev.keysmith.samples.ogm;

import dev.keysmith.annotations.Sequence;
import java.math.BigDecimal;
import javax.persistence.Entity;
import javax.persistence.Id;

/**
 * An invoice numbered by the {@code keysmith_counters} document {@code Invoice} (the sequence is named after the
 * entity), the same document format as the plain-driver route. 100 numbers are reserved per round trip, outside
 * OGM's transaction emulation.
 *
 * <p>Not thread-safe: confine to one thread.
 */
@Entity
public class Invoice {
    @Id @Sequence(batch = 100) Long number;
    BigDecimal total;

    /** For Hibernate. */
    protected Invoice() {
    }

    public Invoice(BigDecimal total) {
        this.total = total;
    }
}
