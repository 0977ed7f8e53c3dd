package dev.keysmith.spring.mongodb.app;

import dev.keysmith.annotations.RandomId;
import org.springframework.data.annotation.Id;
import org.springframework.data.mongodb.core.index.Indexed;
import org.springframework.data.mongodb.core.mapping.Document;

/** A mutable entity with a 12-digit random id in a primitive field, and a unique e-mail. */
@Document("accounts")
public class Account {

    @Id
    @RandomId
    private long number;
    @Indexed(unique = true)
    private String email;

    public Account() {
    }

    public Account(String email) {
        this.email = email;
    }

    public long getNumber() {
        return number;
    }

    public String getEmail() {
        return email;
    }
}
