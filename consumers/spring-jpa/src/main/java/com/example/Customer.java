package com.example;

import dev.keysmith.annotations.UuidId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import java.util.UUID;

@Entity
public class Customer {
    @Id @UuidId(version = UuidId.Version.TIME_ORDERED) UUID id;   // UUID v7, also on Hibernate 6.6
    String name;

    protected Customer() {                            // for Hibernate
    }

    public Customer(String name) {
        this.name = name;
    }

    public UUID getId() {
        return id;
    }
}
