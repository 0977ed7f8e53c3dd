package dev.keysmith.samples.mongo;

import static org.assertj.core.api.Assertions.assertThat;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.WriteConcern;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoDatabase;
import com.mongodb.event.CommandListener;
import com.mongodb.event.CommandStartedEvent;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import dev.keysmith.mongodb.Keysmith;
import dev.keysmith.mongodb.Repository;
import java.math.BigDecimal;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.UUID;
import java.time.Duration;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import org.bson.BsonDocument;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The {@code Keysmith.builder} of docs/mongodb.md, with the defaults spelled out: the counters go to
 * {@code keysmith_counters}, written with a majority write concern. Runs on an embedded server, or on the real one
 * named by {@code -Dkeysmith.mongodb.uri=...} (in a fresh database, dropped afterwards).
 */
class KeysmithBuilderTest {

    private final List<BsonDocument> counterWrites = new CopyOnWriteArrayList<>();
    private MongoServer server;
    private MongoClient client;
    private MongoDatabase database;

    @BeforeEach
    void connect() {
        String uri = System.getProperty("keysmith.mongodb.uri", "").strip();
        if (uri.isEmpty()) {
            server = new MongoServer(new MemoryBackend());
            server.bind(new InetSocketAddress("127.0.0.1", 0));
            uri = server.getConnectionString();
        }
        CommandListener listener = new CommandListener() {
            @Override
            public void commandStarted(CommandStartedEvent event) {
                if (event.getCommandName().equalsIgnoreCase("findAndModify")) {
                    counterWrites.add(event.getCommand().clone());
                }
            }
        };
        client = MongoClients.create(MongoClientSettings.builder()
                .applyConnectionString(new ConnectionString(uri))
                .addCommandListener(listener)
                .build());
        database = client.getDatabase("samples_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12));
    }

    @AfterEach
    void disconnect() {
        try {
            database.drop();
            client.close();
        } finally {
            if (server != null) {
                server.shutdown();
            }
        }
    }

    @Test
    void theBuilderOfTheGuideKeepsCountersInKeysmithCountersWithAMajorityWriteConcern() {
        Keysmith keysmith = Keysmith.builder(database)
                .countersCollection("keysmith_counters")
                .writeConcern(WriteConcern.MAJORITY)
                .build();
        Invoice invoice;
        try (keysmith) {
            Repository<Invoice, Long> invoices = keysmith.repository(Invoice.class);
            invoice = invoices.insert(new Invoice(null, new BigDecimal("9.99")));
        }

        assertThat(invoice.number()).isEqualTo(1L);
        assertThat(counterWrites).isNotEmpty().allSatisfy(command -> {
            assertThat(command.getString("findAndModify").getValue()).isEqualTo("keysmith_counters");
            assertThat(command.getDocument("writeConcern").get("w").asString().getValue()).isEqualTo("majority");
        });
        Document counter = database.getCollection("keysmith_counters").find(new Document("_id", "invoices")).first();
        assertThat(counter).isNotNull();
        // One insert takes one number but reserves a batch of 100, and stays below the prefetch threshold.
        assertThat(counter.get("next", Number.class).longValue()).isEqualTo(100L);
    }

    @Test
    void theOutageSettingsOfTheGuideRunTheBackgroundReservationsOnAThreadOfTheApplicationsFactory() throws Exception {
        List<Thread> made = new CopyOnWriteArrayList<>();
        ThreadFactory threads = task -> {
            Thread thread = new Thread(task, "application-prefetch");
            thread.setDaemon(true);
            made.add(thread);
            return thread;
        };
        Keysmith keysmith = Keysmith.builder(database)
                .allocationTimeout(Duration.ofSeconds(5))   // longest wait for a range that is being reserved
                .failureBackoff(Duration.ofSeconds(1))      // after a failed reservation, callers fail fast this long
                .prefetchThreads(threads)                    // the background thread comes from your factory
                .build();
        try (keysmith) {
            Repository<Invoice, Long> invoices = keysmith.repository(Invoice.class);
            for (int i = 0; i < 60; i++) {
                invoices.insert(new Invoice(null, new BigDecimal("9.99")));
            }
            // past the half of the first range of 100, the background thread reserves the second
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (keysmith.ids().sequenceSnapshots().get(0).idsPrefetched() == 0 && System.nanoTime() < deadline) {
                Thread.sleep(1);
            }
            assertThat(keysmith.ids().sequenceSnapshots().get(0).idsPrefetched()).isEqualTo(100);
        }
        assertThat(made).as("one thread, from the application's factory").hasSize(1);
    }

    @Test
    void theResyncOfTheGuideBringsTheCounterUpToImportedInvoices() {
        database.getCollection("invoices").insertMany(List.of(new Document("_id", 41_998L), new Document("_id", 41_999L)));
        try (Keysmith keysmith = Keysmith.create(database)) {
            keysmith.resync(Invoice.class);               // $max to the largest _id; never lowers; safe while others insert
            keysmith.checkCounters(Invoice.class);        // the same, read only

            assertThat(keysmith.checkCounters(Invoice.class)).singleElement()
                    .satisfies(status -> assertThat(status.behind()).isFalse());
            Invoice next = keysmith.<Invoice, Long>repository(Invoice.class).insert(new Invoice(null, BigDecimal.ONE));
            assertThat(next.number()).isEqualTo(42_000L);
        }
    }
}
