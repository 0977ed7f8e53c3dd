package dev.keysmith.quarkus.hibernate.test.mistakes;

import dev.keysmith.annotations.Sequence;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;

/** A mistake keysmith's processor leaves to Hibernate (a JPA entity): a sequence on a String id. */
@Entity
public class Coupon {
    @Id
    @Sequence
    public String code;
}
