package dev.keysmith.samples.jpa;

import dev.keysmith.annotations.GeneratedObjectId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import org.bson.types.ObjectId;

/**
 * An audit event with an ObjectId made in the application, stored as {@code char(24)}: the same kind of id as the
 * MongoDB documents, so an event can name a document it is about, and its second of creation is in the id.
 *
 * <p>Not thread-safe: confine to one thread.
 */
@Entity
public class Event {
    @Id @GeneratedObjectId ObjectId id;
    String description;

    /** For Hibernate. */
    protected Event() {
    }

    public Event(String description) {
        this.description = description;
    }
}
