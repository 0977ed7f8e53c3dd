package com.example;

import dev.keysmith.annotations.Document;
import dev.keysmith.annotations.RandomId;

@Document(collection = "accounts")
public class Account {
    @RandomId(digits = 12) Long number;
    String email;

    Account() {
    }

    public Account(String email) {
        this.email = email;
    }
}
