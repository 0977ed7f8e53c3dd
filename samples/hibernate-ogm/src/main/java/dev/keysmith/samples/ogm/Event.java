package dev.keysmith.samples.ogm;

import dev.keysmith.annotations.GeneratedObjectId;
import javax.persistence.Entity;
import javax.persistence.Id;

/**
 * An audit event whose id is a {@code String} of 24 hex digits in Java and a BSON ObjectId in the document.
 *
 * <p>Not thread-safe: confine to one thread.
 */
@Entity
public class Event {
    @Id @GeneratedObjectId String id;
    String description;

    /** For Hibernate. */
    protected Event() {
    }

    public Event(String description) {
        this.description = description;
    }
}
