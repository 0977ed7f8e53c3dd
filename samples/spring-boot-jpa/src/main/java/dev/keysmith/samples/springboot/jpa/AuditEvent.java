package dev.keysmith.samples.springboot.jpa;

import dev.keysmith.annotations.GeneratedObjectId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import org.bson.types.ObjectId;

/** Audit events keyed by ObjectIds made in the application (stored as {@code char(24)}). */
@Entity
public class AuditEvent {

    @Id
    @GeneratedObjectId
    private ObjectId id;

    private String action;

    protected AuditEvent() {
    }

    public AuditEvent(String action) {
        this.action = action;
    }

    public ObjectId getId() {
        return id;
    }

    public String getAction() {
        return action;
    }
}
