package dev.keysmith.spring.mongodb.reactive;

import dev.keysmith.annotations.GeneratedObjectId;
import org.springframework.data.annotation.Id;
import org.springframework.data.mongodb.core.mapping.Document;

/** A mutable entity with a String ObjectId id (stored as an ObjectId). */
@Document("memos")
public class Memo {

    @Id
    @GeneratedObjectId
    private String id;
    private String text;

    public Memo() {
    }

    public Memo(String text) {
        this.text = text;
    }

    public String getId() {
        return id;
    }

    public String getText() {
        return text;
    }
}
