package dev.keysmith.quarkus.hibernate.test.entities;

import dev.keysmith.annotations.GeneratedObjectId;
import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;

/** An ObjectId stored as its 24 hex digits. */
@Entity
public class AuditEvent extends PanacheEntityBase {
    @Id
    @GeneratedObjectId
    public String id;
    public String kind;
}
