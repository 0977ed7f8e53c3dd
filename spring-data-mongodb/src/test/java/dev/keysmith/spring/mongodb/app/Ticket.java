package dev.keysmith.spring.mongodb.app;

import dev.keysmith.annotations.RandomId;
import org.springframework.data.annotation.Id;
import org.springframework.data.mongodb.core.mapping.Document;

/** A mutable entity with a one-digit random id : inserts collide, and the id space runs out. */
@Document("tickets")
public class Ticket {

    @Id
    @RandomId(digits = 1, attempts = 200)
    private Long id;

    public Long getId() {
        return id;
    }
}
