package com.example;

import dev.keysmith.annotations.GeneratedObjectId;
import org.springframework.data.annotation.Id;
import org.springframework.data.mongodb.core.mapping.Document;

/** A comment whose String id holds an ObjectId (stored as a BSON ObjectId). */
@Document("comments")
public class Comment {

    @Id
    @GeneratedObjectId
    private String id;
    private String text;

    protected Comment() {
    }

    public Comment(String text) {
        this.text = text;
    }

    public String getId() {
        return id;
    }

    public String getText() {
        return text;
    }
}
