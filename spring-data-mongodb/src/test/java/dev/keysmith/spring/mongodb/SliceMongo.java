package dev.keysmith.spring.mongodb;

import dev.keysmith.mongodb.testing.TestMongo;
import java.util.ArrayList;
import java.util.List;
import org.springframework.test.context.DynamicPropertyRegistry;

/**
 * The MongoDB server of the {@code @DataMongoTest} slices (embedded unless {@code -Dkeysmith.mongodb.uri} names a
 * real one): one for the test JVM, closed when it exits, since Spring's test framework keeps a slice's context
 * open after its class has run. Every context a slice starts gets a fresh database, so a test class that closes
 * its context after each test ({@code @DirtiesContext}) starts each test on an empty database.
 *
 * <p>Not thread-safe: confine to one thread (JUnit's, which starts the contexts).
 */
public final class SliceMongo {

    private static TestMongo mongo;

    private SliceMongo() {
    }

    /** Registers the properties of a fresh database of the server; for a {@code @DynamicPropertySource} method. */
    public static void register(DynamicPropertyRegistry registry) {
        if (mongo == null) {
            mongo = TestMongo.start();
            TestMongo started = mongo;
            Runtime.getRuntime().addShutdownHook(new Thread(started::close, "slice-mongo-close"));
        }
        List<String> properties =
                new ArrayList<>(SpringMongoTestBase.connection(mongo.uri(), mongo.freshDatabaseName()));
        properties.addAll(SpringMongoTestBase.STANDARD_UUIDS);
        for (String property : properties) {
            int equals = property.indexOf('=');
            String value = property.substring(equals + 1);
            registry.add(property.substring(0, equals), () -> value);
        }
    }
}
