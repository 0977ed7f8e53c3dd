package dev.keysmith.hibernate.ogm.model;

import dev.keysmith.annotations.UuidId;
import java.util.UUID;
import javax.persistence.Entity;
import javax.persistence.Id;

@Entity
public class Visit {
    @Id
    @UuidId
    public UUID id;
    public String page;
    /** Not an id: stored as OGM stores every UUID. */
    public UUID referrer;

    public Visit() {
    }

    public Visit(String page) {
        this.page = page;
    }
}
