package dev.keysmith.spring.mongodb.reactivefeatures;

import dev.keysmith.annotations.Sequence;
import java.time.Instant;
import org.springframework.data.annotation.CreatedDate;
import org.springframework.data.annotation.Id;
import org.springframework.data.annotation.LastModifiedDate;
import org.springframework.data.mongodb.core.mapping.Document;

/** An audited entity with a sequence id: its creation date is set only if auditing sees it as new. */
@Document("consignments")
public class Consignment {

    @Id
    @Sequence(batch = 1)
    private Long id;
    private String port;
    @CreatedDate
    private Instant created;
    @LastModifiedDate
    private Instant modified;

    public Consignment() {
    }

    public Consignment(String port) {
        this.port = port;
    }

    public Long getId() {
        return id;
    }

    public String getPort() {
        return port;
    }

    public void setPort(String port) {
        this.port = port;
    }

    public Instant getCreated() {
        return created;
    }

    public Instant getModified() {
        return modified;
    }
}
