package dev.keysmith.mongodb;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoDatabase;
import dev.keysmith.mongodb.testing.TestMongo;
import org.bson.BsonDocument;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;

/** One server per test class, a fresh database and a {@link Keysmith} per test. */
abstract class MongoTestBase {

    static TestMongo mongo;
    static MongoClient client;

    MongoDatabase database;
    Keysmith keysmith;

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
    void openKeysmith() {
        database = mongo.freshDatabase(client);
        keysmith = Keysmith.create(database);
    }

    @AfterEach
    void closeKeysmith() {
        keysmith.close();
    }

    /** The stored documents of {@code collection}, as raw BSON. */
    java.util.List<BsonDocument> raw(String collection) {
        return database.getCollection(collection, BsonDocument.class).find().into(new java.util.ArrayList<>());
    }
}
