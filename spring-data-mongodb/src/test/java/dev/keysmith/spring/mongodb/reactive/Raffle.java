package dev.keysmith.spring.mongodb.reactive;

import dev.keysmith.annotations.RandomId;
import org.springframework.data.annotation.Id;
import org.springframework.data.mongodb.core.mapping.Document;

/** A mutable entity with a one-digit random id: inserts collide, and the nine ids run out. */
@Document("raffles")
public class Raffle {

    @Id
    @RandomId(digits = 1, attempts = 200)
    private Long id;
    private String prize;

    public Raffle() {
    }

    public Raffle(String prize) {
        this.prize = prize;
    }

    public Long getId() {
        return id;
    }

    public String getPrize() {
        return prize;
    }
}
