package dev.keysmith.quarkus.test;

import dev.keysmith.mongodb.testing.TestMongo;

/**
 * The MongoDB server of the Quarkus tests: one per test JVM, started on first use (the embedded server on 127.0.0.1
 * and a free port, or the real one of {@code -Dkeysmith.mongodb.uri}). The URI is kept in a system property because
 * a Quarkus test class is loaded twice, by JUnit and by Quarkus's class loader, and both must see one server; each
 * test class uses a database of its own.
 *
 * <p>Thread-safe.
 */
public final class EmbeddedMongo {

    private static final String URI = "keysmith.quarkus.test.mongodb.uri";

    private EmbeddedMongo() {
    }

    /** The connection string of the tests' server, started if it is not yet. */
    public static synchronized String uri() {
        String uri = System.getProperty(URI);
        if (uri == null) {
            TestMongo mongo = TestMongo.start(); // stopped with the JVM
            uri = mongo.uri();
            System.setProperty(URI, uri);
        }
        return uri;
    }
}
