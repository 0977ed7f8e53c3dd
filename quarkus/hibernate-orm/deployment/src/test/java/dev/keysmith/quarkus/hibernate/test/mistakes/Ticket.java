package dev.keysmith.quarkus.hibernate.test.mistakes;

import dev.keysmith.annotations.UuidId;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.Id;
import java.util.UUID;

/** Two generators on one id. */
@Entity
public class Ticket {
    @Id
    @GeneratedValue
    @UuidId
    public UUID id;
}
