package dev.keysmith.quarkus.test.checks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;

import io.quarkus.test.QuarkusUnitTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The build fails, before anything connects, with one message per mistake: keysmith's annotation on a
 * PanacheMongoEntity (which has its own id), and a @UuidId without quarkus.mongodb.uuid-representation=standard.
 */
class BuildChecksTest {

    @RegisterExtension
    static final QuarkusUnitTest QUARKUS = new QuarkusUnitTest()
            .withApplicationRoot(jar -> jar.addPackage(Doubled.class.getPackage()))
            .overrideConfigKey("quarkus.mongodb.connection-string", "mongodb://127.0.0.1:9")
            .overrideConfigKey("quarkus.mongodb.database", "never_used")
            .overrideConfigKey("quarkus.devservices.enabled", "false")
            .assertException(thrown -> assertThat(messages(thrown)).contains(
                    "[KeysmithPanacheId] dev.keysmith.quarkus.test.checks.Doubled extends PanacheMongoEntity",
                    "keysmith's @Sequence on 'number' would make a second id",
                    "[KeysmithUuidRepresentation] dev.keysmith.quarkus.test.checks.Token has a @UuidId id",
                    "quarkus.mongodb.uuid-representation is not set",
                    "set quarkus.mongodb.uuid-representation=standard"));

    @Test
    void theBuildFails() {
        fail("the build should have failed");
    }

    private static String messages(Throwable thrown) {
        StringBuilder all = new StringBuilder();
        for (Throwable t = thrown; t != null; t = t.getCause()) {
            all.append(t.getMessage()).append('\n');
            for (Throwable suppressed : t.getSuppressed()) {
                all.append(messages(suppressed));
            }
        }
        return all.toString();
    }
}
