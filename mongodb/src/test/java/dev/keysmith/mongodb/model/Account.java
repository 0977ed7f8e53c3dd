package dev.keysmith.mongodb.model;

import dev.keysmith.annotations.Document;
import dev.keysmith.annotations.RandomId;

/** One-digit random ids: at most nine accounts fit. */
@Document(collection = "accounts")
public class Account {
    @RandomId(digits = 1, attempts = 200)
    public long number;
    public String email;

    public Account() {
    }

    public Account(String email) {
        this.email = email;
    }
}
