package com.example;

import dev.keysmith.annotations.Sequence;
import javax.persistence.Entity;
import javax.persistence.Id;

@Entity
public class Invoice {
    @Id @Sequence(batch = 100) Long number;
    String customer;

    protected Invoice() {
    }

    Invoice(String customer) {
        this.customer = customer;
    }
}
