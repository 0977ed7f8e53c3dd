package dev.keysmith.samples.springboot.jpa;

import dev.keysmith.annotations.Sequence;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import java.math.BigDecimal;

/** Invoice numbers from the database sequence {@code keysmith_invoice}, 50 reserved per {@code nextval}. */
@Entity
public class Invoice {

    @Id
    @Sequence(batch = 50)
    private Long number;

    private BigDecimal total;

    protected Invoice() {
    }

    public Invoice(BigDecimal total) {
        this.total = total;
    }

    public Long getNumber() {
        return number;
    }

    public BigDecimal getTotal() {
        return total;
    }
}
