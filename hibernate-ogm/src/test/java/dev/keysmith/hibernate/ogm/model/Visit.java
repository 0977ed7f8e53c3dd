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

    public Visit() {
    }

    public Visit(String page) {
        this.page = page;
    }
}
