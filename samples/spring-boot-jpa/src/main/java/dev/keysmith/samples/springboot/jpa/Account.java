package dev.keysmith.samples.springboot.jpa;

import dev.keysmith.annotations.RandomId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;

/** Accounts with random 12-digit numbers; a number already taken is skipped before the insert. */
@Entity
public class Account {

    @Id
    @RandomId(digits = 12)
    private Long number;

    private String owner;

    protected Account() {
    }

    public Account(String owner) {
        this.owner = owner;
    }

    public Long getNumber() {
        return number;
    }

    public String getOwner() {
        return owner;
    }
}
