package dev.keysmith.spring.mongodb.app;

import dev.keysmith.annotations.GeneratedObjectId;
import org.springframework.data.annotation.Id;
import org.springframework.data.mongodb.core.mapping.Document;

/** A String id of 24 hex digits, stored as an ObjectId. */
@Document("notes")
public class Note {

    @Id
    @GeneratedObjectId
    private String id;
    private String text;

    public Note() {
    }

    public Note(String text) {
        this.text = text;
    }

    public String getId() {
        return id;
    }

    public String getText() {
        return text;
    }
}
