package dev.keysmith.samples.jpa;

import dev.keysmith.annotations.UuidId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import java.util.UUID;

/**
 * A login session with a version 7 UUID, which Hibernate's own {@code @UuidGenerator} does not make on 6.6:
 * new rows land at the end of the primary key index instead of all over it.
 *
 * <p>Not thread-safe: confine to one thread.
 */
@Entity
public class Session {
    @Id @UuidId(version = UuidId.Version.TIME_ORDERED) UUID id;
    String userName;

    /** For Hibernate. */
    protected Session() {
    }

    public Session(String userName) {
        this.userName = userName;
    }
}
