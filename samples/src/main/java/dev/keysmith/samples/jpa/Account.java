package dev.keysmith.samples.jpa;

import dev.keysmith.annotations.RandomId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;

/**
 * An account with a random 12-digit number. JPA cannot retry a refused insert, so keysmith checks each candidate
 * against the session and the table before the insert and draws again when it is taken.
 *
 * <p>Not thread-safe: confine to one thread.
 */
@Entity
public class Account {
    @Id @RandomId(digits = 12) Long number;
    String email;

    /** For Hibernate. */
    protected Account() {
    }

    public Account(String email) {
        this.email = email;
    }
}
