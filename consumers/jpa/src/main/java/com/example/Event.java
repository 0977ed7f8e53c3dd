package com.example;

import dev.keysmith.annotations.GeneratedObjectId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import org.bson.types.ObjectId;

@Entity
public class Event {
    @Id @GeneratedObjectId ObjectId id;
    String description;

    protected Event() {
    }

    public Event(String description) {
        this.description = description;
    }
}
