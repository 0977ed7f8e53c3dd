package dev.keysmith.spring.mongodb.features;

import dev.keysmith.annotations.Sequence;
import java.time.Instant;
import org.springframework.data.annotation.CreatedDate;
import org.springframework.data.annotation.Id;
import org.springframework.data.annotation.LastModifiedDate;
import org.springframework.data.mongodb.core.mapping.Document;

/** An audited entity with a sequence id: its creation date is set only if auditing sees it as new. */
@Document("shipments")
public class Shipment {

    @Id
    @Sequence(batch = 1)
    private Long id;
    private String destination;
    @CreatedDate
    private Instant created;
    @LastModifiedDate
    private Instant modified;

    public Shipment() {
    }

    public Shipment(String destination) {
        this.destination = destination;
    }

    public Long getId() {
        return id;
    }

    public String getDestination() {
        return destination;
    }

    public void setDestination(String destination) {
        this.destination = destination;
    }

    public Instant getCreated() {
        return created;
    }

    public Instant getModified() {
        return modified;
    }
}
