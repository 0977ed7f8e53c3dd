package dev.keysmith.samples.ogm;

import dev.keysmith.annotations.UuidId;
import java.util.UUID;
import javax.persistence.Entity;
import javax.persistence.Id;

/**
 * A login session with a version 7 UUID, stored as BSON binary subtype 4 (OGM alone stores UUIDs as strings).
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
