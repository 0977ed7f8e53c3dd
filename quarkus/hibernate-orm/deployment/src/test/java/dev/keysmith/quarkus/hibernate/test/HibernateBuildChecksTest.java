package dev.keysmith.quarkus.hibernate.test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;

import dev.keysmith.quarkus.hibernate.test.mistakes.Coupon;
import io.quarkus.test.QuarkusUnitTest;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Mapping mistakes on JPA entities fail the build (what mvn package runs), not the start, with keysmith-hibernate's
 * messages, all of them at once.
 */
class HibernateBuildChecksTest {

    @RegisterExtension
    static final QuarkusUnitTest QUARKUS = new QuarkusUnitTest()
            .withApplicationRoot(jar -> jar.addPackage(Coupon.class.getPackage()))
            .overrideConfigKey("quarkus.datasource.db-kind", "h2")
            .overrideConfigKey("quarkus.datasource.jdbc.url", "jdbc:h2:mem:keysmith_checks")
            .overrideConfigKey("quarkus.devservices.enabled", "false")
            .assertException(thrown -> assertThat(messages(thrown)).contains(
                    "keysmith found 2 problems in the JPA entities",
                    "[keysmith] Coupon.code: @Sequence needs a long, Long, int or Integer field, but 'code' is a"
                            + " String; use @UuidId or @GeneratedObjectId for String ids",
                    "[keysmith] Ticket.id: @UuidId is the id's generator, so it cannot be combined with"
                            + " @GeneratedValue, another generator; remove @GeneratedValue"));

    @Test
    void theBuildFails() {
        fail("the build should have failed");
    }

    /** The messages of the failure, its causes and the suppressed ones, as its stack trace prints them. */
    private static String messages(Throwable thrown) {
        StringWriter trace = new StringWriter();
        thrown.printStackTrace(new PrintWriter(trace));
        return trace.toString();
    }
}
