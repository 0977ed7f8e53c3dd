package com.example;

import dev.keysmith.annotations.RandomId;
import javax.persistence.Entity;
import javax.persistence.Id;

@Entity
public class Account {
    @Id @RandomId(digits = 12) Long number;
    String email;

    protected Account() {
    }

    Account(String email) {
        this.email = email;
    }
}
