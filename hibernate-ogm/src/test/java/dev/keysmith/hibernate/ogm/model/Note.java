package dev.keysmith.hibernate.ogm.model;

import dev.keysmith.annotations.GeneratedObjectId;
import javax.persistence.Entity;
import javax.persistence.Id;

@Entity
public class Note {
    @Id
    @GeneratedObjectId
    public String id;
    public String text;

    public Note() {
    }

    public Note(String text) {
        this.text = text;
    }
}
