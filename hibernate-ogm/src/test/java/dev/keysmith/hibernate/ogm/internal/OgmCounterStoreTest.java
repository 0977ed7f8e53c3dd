package dev.keysmith.hibernate.ogm.internal;

import static org.assertj.core.api.Assertions.assertThat;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoDatabase;
import com.mongodb.event.CommandListener;
import com.mongodb.event.CommandStartedEvent;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import dev.keysmith.mongodb.MongoCounterStore;
import dev.keysmith.runtime.CounterStore;
import dev.keysmith.runtime.testing.CounterStoreContract;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import org.bson.BsonDocument;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The OGM route's counter store, keysmith-mongodb's {@link MongoCounterStore} as {@link SequenceCounters} opens it,
 * meets the contract of every keysmith counter store (runtime's {@link CounterStoreContract}) on the driver 5.6.4
 * that OGM runs on, and writes with write concern {@code majority}.
 */
class OgmCounterStoreTest extends CounterStoreContract {

    private static final List<BsonDocument> counterWrites = new CopyOnWriteArrayList<>();
    private static MongoServer server;
    private static MongoClient client;

    @BeforeAll
    static void startServer() {
        String given = System.getProperty("keysmith.mongodb.uri", "").strip();
        String uri = given;
        if (given.isEmpty()) {
            server = new MongoServer(new MemoryBackend());
            server.bind("127.0.0.1", 0);
            uri = "mongodb://127.0.0.1:" + server.getLocalAddress().getPort();
        }
        CommandListener listener = new CommandListener() {
            @Override
            public void commandStarted(CommandStartedEvent event) {
                if (event.getCommandName().equals("findAndModify")) {
                    counterWrites.add(event.getCommand().clone());
                }
            }
        };
        client = MongoClients.create(MongoClientSettings.builder()
                .applyConnectionString(new ConnectionString(uri)).addCommandListener(listener).build());
    }

    @AfterAll
    static void stopServer() {
        client.close();
        if (server != null) {
            server.shutdownNow();
        }
    }

    @Override
    protected CounterStore emptyStore() {
        return MongoCounterStore.create(freshDatabase());
    }

    @Test
    void reservationsGoToKeysmithCountersWithMajority() {
        MongoDatabase database = freshDatabase();
        counterWrites.clear();

        MongoCounterStore.create(database).reserve("invoices", 10);

        assertThat(counterWrites).singleElement().satisfies(command -> {
            assertThat(command.getString("findAndModify").getValue()).isEqualTo("keysmith_counters");
            assertThat(command.getDocument("writeConcern").get("w").asString().getValue()).isEqualTo("majority");
        });
        assertThat(database.getCollection("keysmith_counters", BsonDocument.class).find().first())
                .isEqualTo(BsonDocument.parse("{_id: 'invoices', next: {$numberLong: '10'}}"));
    }

    private static MongoDatabase freshDatabase() {
        return client.getDatabase("keysmith_ogm_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12));
    }
}
