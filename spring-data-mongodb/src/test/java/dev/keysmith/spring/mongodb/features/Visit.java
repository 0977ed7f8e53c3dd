package dev.keysmith.spring.mongodb.features;

import dev.keysmith.annotations.UuidId;
import java.time.Instant;
import java.util.UUID;
import org.springframework.data.annotation.CreatedDate;
import org.springframework.data.annotation.Id;
import org.springframework.data.annotation.LastModifiedDate;
import org.springframework.data.mongodb.core.mapping.Document;

/** An audited entity with a UUID id. */
@Document("visits")
public class Visit {

    @Id
    @UuidId
    private UUID id;
    private String page;
    @CreatedDate
    private Instant created;
    @LastModifiedDate
    private Instant modified;

    public Visit() {
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

    public void setPage(String page) {
        this.page = page;
    }

    public Instant getCreated() {
        return created;
    }

    public Instant getModified() {
        return modified;
    }
}
