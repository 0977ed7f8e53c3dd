package dev.keysmith.hibernate.ogm.model;

import dev.keysmith.annotations.RandomId;
import javax.persistence.Entity;
import javax.persistence.Id;

@Entity
public class Account {
    @Id
    @RandomId(digits = 12)
    public Long number;
    public String holder;

    public Account() {
    }

    public Account(String holder) {
        this.holder = holder;
    }
}
