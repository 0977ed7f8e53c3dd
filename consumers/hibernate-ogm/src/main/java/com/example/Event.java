package com.example;

import dev.keysmith.annotations.GeneratedObjectId;
import javax.persistence.Entity;
import javax.persistence.Id;

@Entity
public class Event {
    @Id @GeneratedObjectId String id;
    String description;

    protected Event() {
    }

    Event(String description) {
        this.description = description;
    }
}
