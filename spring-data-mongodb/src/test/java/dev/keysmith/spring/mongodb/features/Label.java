package dev.keysmith.spring.mongodb.features;

import dev.keysmith.annotations.Sequence;
import org.springframework.data.mongodb.core.mapping.Document;

/** An id found by its name, as Spring Data finds it: a field named {@code id}, without {@code @Id}. */
@Document("labels")
public class Label {

    @Sequence(batch = 1)
    private Long id;
    private String text;

    public Label() {
    }

    public Label(String text) {
        this.text = text;
    }

    public Long getId() {
        return id;
    }

    public String getText() {
        return text;
    }
}
