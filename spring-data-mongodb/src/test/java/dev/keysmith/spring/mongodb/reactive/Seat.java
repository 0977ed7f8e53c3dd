package dev.keysmith.spring.mongodb.reactive;

import dev.keysmith.annotations.Sequence;
import org.springframework.data.annotation.Id;
import org.springframework.data.mongodb.core.mapping.Document;

/** A primitive {@code int} id from a sequence (0 means absent). */
@Document("seats")
public class Seat {

    @Id
    @Sequence(batch = 5)
    private int id;
    private String row;

    public Seat() {
    }

    public Seat(String row) {
        this.row = row;
    }

    public int getId() {
        return id;
    }

    public String getRow() {
        return row;
    }
}
