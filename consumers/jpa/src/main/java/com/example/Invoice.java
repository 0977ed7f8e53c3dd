package com.example;

import dev.keysmith.annotations.Sequence;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import java.math.BigDecimal;

@Entity
public class Invoice {
    @Id @Sequence(batch = 100) Long number;
    BigDecimal total;

    protected Invoice() {
    }

    public Invoice(BigDecimal total) {
        this.total = total;
    }
}
