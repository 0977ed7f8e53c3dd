package dev.keysmith.spring.mongodb.app;

import dev.keysmith.annotations.Sequence;
import org.springframework.data.annotation.Id;
import org.springframework.data.mongodb.core.mapping.Document;

/** A primitive {@code int} id from a sequence: 0 means absent. */
@Document("badges")
public class Badge {

    @Id
    @Sequence(batch = 1)
    private int id;
    private String name;

    public Badge() {
    }

    public Badge(String name) {
        this.name = name;
    }

    public int getId() {
        return id;
    }

    public String getName() {
        return name;
    }
}
