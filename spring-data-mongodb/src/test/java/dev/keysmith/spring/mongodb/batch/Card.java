package dev.keysmith.spring.mongodb.batch;

import dev.keysmith.annotations.RandomId;
import org.springframework.data.annotation.Id;
import org.springframework.data.mongodb.core.mapping.Document;

/** A mutable entity with a twelve-digit random id (the default). */
@Document("cards")
public class Card {

    @Id
    @RandomId
    private Long id;
    private String name;

    public Card() {
    }

    public Card(String name) {
        this.name = name;
    }

    public Long getId() {
        return id;
    }

    public String getName() {
        return name;
    }
}
