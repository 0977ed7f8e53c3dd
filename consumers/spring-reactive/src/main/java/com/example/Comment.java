package com.example;

import dev.keysmith.annotations.GeneratedObjectId;
import org.bson.types.ObjectId;
import org.springframework.data.annotation.Id;
import org.springframework.data.mongodb.core.mapping.Document;

/** A comment with an ObjectId id. */
@Document("comments")
public class Comment {

    @Id
    @GeneratedObjectId
    private ObjectId id;
    private String text;

    protected Comment() {
    }

    public Comment(String text) {
        this.text = text;
    }

    public ObjectId getId() {
        return id;
    }

    public String getText() {
        return text;
    }
}
