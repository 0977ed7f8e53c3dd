package dev.keysmith.quarkus.hibernate.test.entities;

import dev.keysmith.annotations.Sequence;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;

/** A plain JPA entity (no Panache), stored through the EntityManager, with a named sequence of int ids. */
@Entity
public class Shipment {
    @Id
    @Sequence(name = "shipments", batch = 3)
    private Integer id;
    private String destination;

    public Integer getId() {
        return id;
    }

    public String getDestination() {
        return destination;
    }

    public void setDestination(String destination) {
        this.destination = destination;
    }
}
