package dev.keysmith.hibernate.ogm.model;

import dev.keysmith.annotations.Sequence;
import javax.persistence.Entity;
import javax.persistence.Id;

@Entity
public class Invoice {
    @Id
    @Sequence(batch = 10)
    public Long number;
    public String customer;

    public Invoice() {
    }

    public Invoice(String customer) {
        this.customer = customer;
    }
}
