package dev.keysmith.samples.mongo;

import dev.keysmith.annotations.Document;
import dev.keysmith.annotations.GeneratedObjectId;

/**
 * A person with an ObjectId made in the application: a {@code String} of 24 hex digits in Java, a real ObjectId
 * in the database.
 *
 * <p>Not thread-safe: confine to one thread.
 */
@Document(collection = "people")
public class Person {
    @GeneratedObjectId String id;
    String name;

    /** For the codec, which decodes into an empty instance. */
    Person() {
    }

    public Person(String name) {
        this.name = name;
    }
}
