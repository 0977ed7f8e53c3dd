package dev.keysmith.samples.springboot;

import static org.assertj.core.api.Assertions.assertThat;

import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import java.math.BigDecimal;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.data.mongo.DataMongoTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The test that {@code docs/spring.md} gives an application for its own repositories: a {@code @DataMongoTest} slice
 * on an embedded mongo-java-server that the test starts itself. What it checks is that recipe, so it always runs on
 * the embedded server, never on the real one of {@code -Dkeysmith.mongodb.uri} ({@link RepositorySliceTest} does).
 */
@DataMongoTest
class EmbeddedServerSliceTest {

    static final MongoServer SERVER = new MongoServer(new MemoryBackend());

    @DynamicPropertySource
    static void mongo(DynamicPropertyRegistry registry) {
        String uri = SERVER.bindAndGetConnectionString() + "/test";    // 127.0.0.1, a free port
        registry.add("spring.data.mongodb.uri", () -> uri);            // Boot 4: spring.mongodb.uri
    }

    @AfterAll
    static void stopServer() {
        SERVER.shutdownNow();
    }

    @Autowired
    Invoices invoices;

    @Test
    void invoicesAreNumberedOneAfterTheOther() {
        Invoice first = invoices.save(new Invoice(null, "Ada", new BigDecimal("12.50")));
        Invoice second = invoices.save(new Invoice(null, "Ada", new BigDecimal("99.00")));

        assertThat(second.number()).isEqualTo(first.number() + 1);
    }
}
