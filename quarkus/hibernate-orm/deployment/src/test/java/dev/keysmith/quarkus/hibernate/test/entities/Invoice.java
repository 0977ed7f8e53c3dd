package dev.keysmith.quarkus.hibernate.test.entities;

import dev.keysmith.annotations.Sequence;
import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;

/** A Panache active record with a sequence of batches of two: three invoices need two reservations. */
@Entity
public class Invoice extends PanacheEntityBase {
    @Id
    @Sequence(batch = 2)
    public Long number;
    public String customer;
}
