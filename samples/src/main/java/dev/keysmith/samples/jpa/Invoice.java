package dev.keysmith.samples.jpa;

import dev.keysmith.annotations.Sequence;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import java.math.BigDecimal;

/**
 * An invoice numbered by the database sequence {@code keysmith_invoice} (named after the entity). 100 numbers are
 * reserved per {@code nextval}, on the session's own connection; a sequence is not transactional, so a rollback of
 * the caller never hands a number out twice.
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
