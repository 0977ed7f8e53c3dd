package dev.keysmith.hibernate.ogm.model;

import dev.keysmith.annotations.RandomId;
import javax.persistence.Entity;
import javax.persistence.Id;

/** Nine possible ids (1 to 9), so that draws collide and the retry shows. */
@Entity
public class Seat {
    @Id
    @RandomId(digits = 1, attempts = 200)
    public Long number;

    public Seat() {
    }
}
