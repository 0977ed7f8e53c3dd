package dev.keysmith.hibernate.ogm.model;

import dev.keysmith.annotations.Sequence;
import javax.persistence.Entity;
import javax.persistence.Id;

/** A sequence the test shares with the plain-driver route. */
@Entity
public class Shipment {
    public static final String SEQUENCE = "shipments";

    @Id
    @Sequence(name = SEQUENCE, batch = 7)
    public Long number;

    public Shipment() {
    }
}
