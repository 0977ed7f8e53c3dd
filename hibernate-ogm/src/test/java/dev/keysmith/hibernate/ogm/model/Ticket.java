package dev.keysmith.hibernate.ogm.model;

import dev.keysmith.annotations.Sequence;
import javax.persistence.Entity;
import javax.persistence.Id;

/** An int sequence of 6-digit ids over 3 counters, starting at 100000. */
@Entity
public class Ticket {
    @Id
    @Sequence(name = "tickets", batch = 5, counters = 3, digits = 6, start = 100_000)
    public int number;
    public String title;

    public Ticket() {
    }

    public Ticket(String title) {
        this.title = title;
    }
}
