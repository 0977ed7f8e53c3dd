package dev.keysmith.runtime.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import org.bson.BsonDocument;

/**
 * Reads the BSON corpus files of MongoDB's specifications, carried as test resources under
 * {@code runtime/src/test/resources/bson-corpus} (see the README there for their source and license).
 *
 * <p>Thread-safe (stateless).
 */
public final class BsonCorpus {

    private static final String DIRECTORY = "bson-corpus/";

    private BsonCorpus() {
    }

    /** The corpus file {@code name} (for example {@code oid.json}) as a document. */
    public static BsonDocument load(String name) {
        String resource = DIRECTORY + name;
        try (InputStream in = BsonCorpus.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("no test resource " + resource + " on the class path");
            }
            return BsonDocument.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read test resource " + resource, e);
        }
    }
}
