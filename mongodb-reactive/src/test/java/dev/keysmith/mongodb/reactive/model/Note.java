package dev.keysmith.mongodb.reactive.model;

import dev.keysmith.annotations.Document;
import dev.keysmith.annotations.GeneratedObjectId;

/** An ObjectId held as its hex string. */
@Document(collection = "notes")
public class Note {

    @GeneratedObjectId
    public String id;
    public String body;

    public Note() {
    }

    public Note(String body) {
        this.body = body;
    }
}
