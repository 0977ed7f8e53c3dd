package dev.keysmith.samples.jpa;

import dev.keysmith.annotations.UuidId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import java.util.UUID;

/**
 * An upload with a random (version 4) UUID: nothing can be guessed or read from it.
 *
 * <p>Not thread-safe: confine to one thread.
 */
@Entity
public class Upload {
    @Id @UuidId UUID id;
    String fileName;

    /** For Hibernate. */
    protected Upload() {
    }

    public Upload(String fileName) {
        this.fileName = fileName;
    }
}
