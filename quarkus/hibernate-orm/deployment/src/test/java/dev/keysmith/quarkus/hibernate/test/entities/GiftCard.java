package dev.keysmith.quarkus.hibernate.test.entities;

import dev.keysmith.annotations.RandomId;
import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;

/** A random 12-digit number. */
@Entity
public class GiftCard extends PanacheEntityBase {
    @Id
    @RandomId(digits = 12)
    public Long number;
    public long cents;
}
