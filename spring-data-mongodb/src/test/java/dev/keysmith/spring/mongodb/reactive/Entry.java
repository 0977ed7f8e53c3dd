package dev.keysmith.spring.mongodb.reactive;

import dev.keysmith.annotations.Sequence;
import org.springframework.data.annotation.Id;
import org.springframework.data.mongodb.core.mapping.Document;

/** A mutable entity with continuous sequence ids: one counter round trip per id. */
@Document("entries")
public class Entry {

    @Id
    @Sequence(batch = 1)
    private Long id;
    private String text;

    public Entry() {
    }

    public Entry(String text) {
        this.text = text;
    }

    public Long getId() {
        return id;
    }

    public String getText() {
        return text;
    }
}
