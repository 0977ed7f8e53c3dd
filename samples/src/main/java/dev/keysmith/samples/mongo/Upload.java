package dev.keysmith.samples.mongo;

import dev.keysmith.annotations.Document;
import dev.keysmith.annotations.UuidId;

/**
 * An upload with a random (version 4) UUID, kept as a {@code String} in Java: nothing can be guessed or read
 * from it. The database still stores 16 bytes (BSON binary subtype 4), not 36 characters.
 *
 * <p>Not thread-safe: confine to one thread.
 */
@Document(collection = "uploads")
public class Upload {
    @UuidId String id;
    String fileName;

    /** For the codec, which decodes into an empty instance. */
    Upload() {
    }

    public Upload(String fileName) {
        this.fileName = fileName;
    }
}
