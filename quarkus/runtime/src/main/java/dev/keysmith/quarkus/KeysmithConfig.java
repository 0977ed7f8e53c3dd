package dev.keysmith.quarkus;

import io.quarkus.runtime.annotations.ConfigPhase;
import io.quarkus.runtime.annotations.ConfigRoot;
import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.Optional;

/**
 * keysmith's settings in a Quarkus application, {@code quarkus.keysmith.*}, read at run time.
 *
 * <pre>{@code
 * quarkus.mongodb.database=shop                       # counters go here unless quarkus.keysmith.mongodb.database says
 * quarkus.keysmith.mongodb.counters-collection=keysmith_counters
 * }</pre>
 */
@ConfigMapping(prefix = "quarkus.keysmith")
@ConfigRoot(phase = ConfigPhase.RUN_TIME)
public interface KeysmithConfig {

    /** The MongoDB side: where the counters of {@code @Sequence} ids live. */
    Mongodb mongodb();

    /** Where the counters of {@code @Sequence} ids live and how they are reserved. */
    interface Mongodb {

        /**
         * The database of the counter collection; by default the client's database, {@code quarkus.mongodb.database}
         * (the one Panache uses for entities without {@code @MongoEntity(database = ...)}).
         */
        Optional<String> database();

        /** The collection of the sequence counters, shared with {@code keysmith-mongodb} and the Spring route. */
        @WithDefault("keysmith_counters")
        String countersCollection();

        /**
         * The longest a caller waits for a range of a sequence that is being reserved; keysmith's default (30 s) if
         * not set. Set it to about the client's server-selection timeout.
         */
        Optional<Duration> allocationTimeout();
    }
}
