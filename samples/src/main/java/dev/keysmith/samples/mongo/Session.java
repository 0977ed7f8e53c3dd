package dev.keysmith.samples.mongo;

import dev.keysmith.annotations.Document;
import dev.keysmith.annotations.UuidId;
import java.util.UUID;

/**
 * A login session with a version 7 UUID: ids sort by creation time, which keeps the {@code _id} index compact,
 * and the creation time can be read back from the id.
 *
 * <p>Not thread-safe: confine to one thread.
 */
@Document(collection = "sessions")
public class Session {
    @UuidId(version = UuidId.Version.TIME_ORDERED) UUID id;
    String user;

    /** For the codec, which decodes into an empty instance. */
    Session() {
    }

    public Session(String user) {
        this.user = user;
    }
}
