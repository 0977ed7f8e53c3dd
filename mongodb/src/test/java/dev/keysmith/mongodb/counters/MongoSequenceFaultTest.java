package dev.keysmith.mongodb.counters;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import com.mongodb.MongoException;
import com.mongodb.client.MongoClient;
import dev.keysmith.mongodb.MongoCounterStore;
import dev.keysmith.mongodb.testing.TestMongo;
import dev.keysmith.runtime.IdAllocationException;
import dev.keysmith.runtime.SequenceAllocator;
import dev.keysmith.runtime.SequenceSpec;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The server goes away during allocation and comes back with its data. */
class MongoSequenceFaultTest {

    @TempDir
    Path dataDirectory;

    @Test
    void aStoppedServerGivesAClearExceptionAndAfterTheRestartNoIdIsHandedOutTwice() {
        try (TestMongo mongo = TestMongo.startDurable(dataDirectory.resolve("counters.mv"))) {
            mongo.assumeRestartable();
            MongoClient client = mongo.newClient(settings -> settings
                    .applyToClusterSettings(cluster -> cluster.serverSelectionTimeout(2, TimeUnit.SECONDS))
                    .applyToServerSettings(server -> server.heartbeatFrequency(200, TimeUnit.MILLISECONDS)
                            .minHeartbeatFrequency(50, TimeUnit.MILLISECONDS))
                    .applyToSocketSettings(socket -> socket.connectTimeout(1, TimeUnit.SECONDS)));
            MongoCounterStore store = MongoCounterStore.create(mongo.freshDatabase(client));
            SequenceSpec spec = SequenceSpec.of("invoices").withBatch(10);
            Set<Long> taken = new HashSet<>();

            try (SequenceAllocator allocator = SequenceAllocator.open(spec, store)) {
                for (int i = 0; i < 25; i++) {
                    taken.add(allocator.next());
                }
                mongo.stop();

                IdAllocationException failure = takeUntilFailure(allocator, taken);
                assertThat(failure.sequence()).isEqualTo("invoices");
                assertThat(failure.counter()).isEqualTo("invoices");
                assertThat(failure).hasMessageContaining("'invoices'").hasCauseInstanceOf(MongoException.class);

                mongo.restart();
                for (int i = 0; i < 50; i++) {
                    long id = allocator.next();
                    assertThat(taken.add(id)).as("id %d handed out again after the restart", id).isTrue();
                }
            }
            try (SequenceAllocator reopened = SequenceAllocator.open(spec, store)) {
                for (int i = 0; i < 50; i++) {
                    long id = reopened.next();
                    assertThat(taken.add(id)).as("id %d handed out again by a new allocator", id).isTrue();
                }
            }
            assertThat(taken).hasSizeGreaterThanOrEqualTo(125);
        }
    }

    /** Takes the ids still reserved in memory until the allocator needs the stopped server. */
    private static IdAllocationException takeUntilFailure(SequenceAllocator allocator, Set<Long> taken) {
        for (int i = 0; i < 100; i++) {
            try {
                assertThat(taken.add(allocator.next())).isTrue();
            } catch (IdAllocationException e) {
                return e;
            }
        }
        return fail("100 ids came from a sequence of batch 10 while the server was stopped");
    }
}
