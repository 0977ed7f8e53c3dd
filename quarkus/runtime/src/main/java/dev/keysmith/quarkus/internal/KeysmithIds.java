package dev.keysmith.quarkus.internal;

import com.mongodb.WriteConcern;
import com.mongodb.client.MongoClient;
import dev.keysmith.mongodb.MongoCounterStore;
import dev.keysmith.mongodb.reactive.ReactiveMongoCounterStore;
import dev.keysmith.quarkus.KeysmithConfig;
import dev.keysmith.runtime.IdGenerators;
import io.quarkus.arc.Arc;
import io.quarkus.mongodb.reactive.ReactiveMongoClient;
import io.smallrye.config.SmallRyeConfig;
import java.util.function.Supplier;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * The application's id generators, shared by every keysmith codec of every client: made on the first codec, with the
 * counters of {@code @Sequence} ids in {@code quarkus.keysmith.mongodb.database} (else {@code quarkus.mongodb.database})
 * of the default client. An application with reactive Panache entities gets keysmith's non-blocking store on the
 * reactive client (a reservation never holds a thread; blocking callers wait for it), any other the blocking store on
 * the blocking client; the build decides which ({@code KeysmithRecorder}).
 *
 * <p>Thread-safe.
 */
public final class KeysmithIds implements Supplier<IdGenerators>, AutoCloseable {

    /** The counters' write concern: keysmith's default, as {@code Keysmith.builder} has it. */
    private static final WriteConcern COUNTER_WRITES = WriteConcern.MAJORITY;

    private final boolean nonBlocking;
    private volatile IdGenerators generators;

    public KeysmithIds(boolean nonBlocking) {
        this.nonBlocking = nonBlocking;
    }

    /** Whether the counters are reserved through the reactive client, without blocking. */
    public boolean nonBlocking() {
        return nonBlocking;
    }

    @Override
    public IdGenerators get() {
        IdGenerators made = generators;
        if (made == null) {
            synchronized (this) {
                made = generators;
                if (made == null) {
                    made = open();
                    generators = made;
                }
            }
        }
        return made;
    }

    // Makes no call to the server: the stores open their collection lazily, so this may run on an event loop.
    private IdGenerators open() {
        SmallRyeConfig config = ConfigProvider.getConfig().unwrap(SmallRyeConfig.class);
        KeysmithConfig.Mongodb settings = config.getConfigMapping(KeysmithConfig.class).mongodb();
        String database = settings.database()
                .or(() -> config.getOptionalValue("quarkus.mongodb.database", String.class))
                .orElseThrow(() -> new IllegalStateException("[KeysmithQuarkusDatabase] keysmith keeps the counters of"
                        + " @Sequence ids in a database, and none is configured; set quarkus.mongodb.database (or"
                        + " quarkus.keysmith.mongodb.database)"));
        IdGenerators.Builder builder;
        if (nonBlocking) {
            ReactiveMongoClient client = Arc.container().instance(ReactiveMongoClient.class).get();
            builder = IdGenerators.asyncBuilder(ReactiveMongoCounterStore.create(client.unwrap().getDatabase(database),
                    settings.countersCollection(), COUNTER_WRITES));
        } else {
            MongoClient client = Arc.container().instance(MongoClient.class).get();
            builder = IdGenerators.builder(MongoCounterStore.create(client.getDatabase(database),
                    settings.countersCollection(), COUNTER_WRITES));
        }
        settings.allocationTimeout().ifPresent(builder::allocationTimeout);
        return builder.build();
    }

    /** Stops the background prefetch of the sequences, when the application stops. */
    @Override
    public void close() {
        IdGenerators made = generators;
        if (made != null) {
            made.close();
        }
    }
}
