package dev.keysmith.samples.ogm;

import dev.keysmith.annotations.RandomId;
import javax.persistence.Entity;
import javax.persistence.Id;

/**
 * An account with a random 12-digit number that gives away nothing about how many accounts exist.
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
