package dev.keysmith.mongodb.parity;

import com.mongodb.client.MongoClient;
import dev.keysmith.mongodb.testing.TestMongo;
import dev.keysmith.runtime.IdGenerators;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;

/** One server per test class, a fresh database and a {@link ParityCheck} per test. */
abstract class ParityTestBase {

    private static TestMongo mongo;
    private static MongoClient client;

    private IdGenerators ids;
    protected ParityCheck check;

    @BeforeAll
    static void startServer() {
        mongo = TestMongo.start();
        client = mongo.newClient();
    }

    @AfterAll
    static void stopServer() {
        mongo.close();
    }

    @BeforeEach
    void open() {
        ids = IdGenerators.create((counter, count) -> {
            throw new AssertionError("no sequence in this test");
        });
        check = new ParityCheck(ids, mongo.freshDatabase(client));
    }

    @AfterEach
    void close() {
        check.close();
        ids.close();
    }
}
