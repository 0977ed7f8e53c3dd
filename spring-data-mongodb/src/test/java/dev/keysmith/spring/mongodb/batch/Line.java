package dev.keysmith.spring.mongodb.batch;

import dev.keysmith.annotations.Sequence;
import org.springframework.data.annotation.Id;
import org.springframework.data.mongodb.core.mapping.Document;

/** A mutable entity of a sequence that hands out a thousand ids per round trip. */
@Document("lines")
public class Line {

    @Id
    @Sequence(batch = 1000)
    private Long id;
    private String name;

    public Line() {
    }

    public Line(String name) {
        this.name = name;
    }

    public Long getId() {
        return id;
    }

    public String getName() {
        return name;
    }
}
