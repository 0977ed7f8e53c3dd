package com.example;

import dev.keysmith.annotations.RandomId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;

@Entity
public class Account {
    @Id @RandomId(digits = 12) Long number;
    String email;

    protected Account() {
    }

    public Account(String email) {
        this.email = email;
    }
}
