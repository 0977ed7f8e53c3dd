package dev.keysmith.samples.ogm;

import dev.keysmith.annotations.UuidId;
import javax.persistence.Entity;
import javax.persistence.Id;

/**
 * An upload with a random (version 4) UUID held as a {@code String} in Java and stored as BSON binary subtype 4.
 *
 * <p>Not thread-safe: confine to one thread.
 */
@Entity
public class Upload {
    @Id @UuidId String id;
    String fileName;

    /** For Hibernate. */
    protected Upload() {
    }

    public Upload(String fileName) {
        this.fileName = fileName;
    }
}
