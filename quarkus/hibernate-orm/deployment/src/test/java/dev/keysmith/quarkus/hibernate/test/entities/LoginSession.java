package dev.keysmith.quarkus.hibernate.test.entities;

import dev.keysmith.annotations.UuidId;
import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import java.util.UUID;

/** A UUID v7 id. */
@Entity
public class LoginSession extends PanacheEntityBase {
    @Id
    @UuidId(version = UuidId.Version.TIME_ORDERED)
    public UUID id;
    public String login;
}
