package dev.keysmith.samples.springboot.jpa;

import dev.keysmith.annotations.UuidId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import java.util.UUID;

/** Visits keyed by version 7 UUIDs, increasing in the order they were made (also on Hibernate 6.6). */
@Entity
public class Visit {

    @Id
    @UuidId(version = UuidId.Version.TIME_ORDERED)
    private UUID id;

    private String page;

    protected Visit() {
    }

    public Visit(String page) {
        this.page = page;
    }

    public UUID getId() {
        return id;
    }

    public String getPage() {
        return page;
    }
}
