package dev.keysmith.runtime.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.bson.BsonDocument;

/**
 * Reads the BSON corpus files in {@code shared/vectors/bson-corpus}, found in the working directory or one of
 * its parents (the module directory in a Maven build, so {@code ../../shared} from a worktree module).
 *
 * <p>Thread-safe (stateless).
 */
public final class BsonCorpus {

    private BsonCorpus() {
    }

    /** The corpus file {@code name} (for example {@code oid.json}) as a document. */
    public static BsonDocument load(String name) {
        Path relative = Path.of("shared", "vectors", "bson-corpus", name);
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path candidate = dir.resolve(relative);
            if (Files.isRegularFile(candidate)) {
                try {
                    return BsonDocument.parse(Files.readString(candidate, StandardCharsets.UTF_8));
                } catch (IOException e) {
                    throw new IllegalStateException("cannot read " + candidate, e);
                }
            }
        }
        throw new IllegalStateException("no " + relative + " in " + Path.of("").toAbsolutePath()
                + " or any of its parents");
    }
}
