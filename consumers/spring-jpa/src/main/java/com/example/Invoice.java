package com.example;

import dev.keysmith.annotations.Sequence;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import java.math.BigDecimal;
import java.util.UUID;

@Entity
public class Invoice {
    @Id @Sequence(batch = 100) Long number;          // 1, 2, 3, ... from the database sequence keysmith_invoice
    UUID customer;
    BigDecimal total;

    protected Invoice() {                             // for Hibernate
    }

    public Invoice(UUID customer, BigDecimal total) {
        this.customer = customer;
        this.total = total;
    }

    public Long getNumber() {
        return number;
    }
}
