package dev.keysmith.quarkus.hibernate;

import io.quarkus.runtime.annotations.ConfigPhase;
import io.quarkus.runtime.annotations.ConfigRoot;
import io.smallrye.config.ConfigMapping;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * keysmith's Hibernate settings in a Quarkus application, {@code quarkus.keysmith.hibernate.*}: each is the Hibernate
 * setting {@code keysmith.*} of the same name (docs/hibernate.md), handed to every persistence unit, and checked by
 * keysmith as it boots. Fixed at build time: the sequence store decides the model (the {@code keysmith_sequences}
 * table is an entity then), and Quarkus builds the model from build-time settings.
 *
 * <pre>{@code
 * quarkus.keysmith.hibernate.sequence-store=table      # keysmith.sequence_store
 * quarkus.keysmith.hibernate.allocation-timeout=5s     # keysmith.allocation_timeout
 * }</pre>
 */
@ConfigMapping(prefix = "quarkus.keysmith.hibernate")
@ConfigRoot(phase = ConfigPhase.BUILD_AND_RUN_TIME_FIXED)
public interface KeysmithHibernateConfig {

    /**
     * Where the counters of {@code @Sequence} ids live: {@code native} (database sequences, the default where the
     * database has them) or {@code table} (the table {@code keysmith_sequences}, the default where it has none, such
     * as MySQL). Hibernate's {@code keysmith.sequence_store}.
     */
    Optional<String> sequenceStore();

    /**
     * The longest an insert waits for a range that another thread is reserving (30 s if not set): milliseconds
     * ({@code 5000}), a number with {@code ms}, {@code s} or {@code m}, or ISO-8601. Hibernate's
     * {@code keysmith.allocation_timeout}.
     */
    Optional<String> allocationTimeout();

    /**
     * How long the inserts of a sequence fail fast after a failed reservation (1 s if not set; {@code 0} retries at
     * once). Hibernate's {@code keysmith.failure_backoff}.
     */
    Optional<String> failureBackoff();

    /**
     * The most batches one prefetch of the table store reserves (16 if not set; {@code 1}: one batch each time).
     * Hibernate's {@code keysmith.prefetch_batches}.
     */
    Optional<String> prefetchBatches();

    /**
     * The start-up check of the counters against the tables: {@code off}, {@code warn}, {@code fail} or
     * {@code resync} (if not set: {@code warn} for counters in the table, native sequences not read). Hibernate's
     * {@code keysmith.counter_check}.
     */
    Optional<String> counterCheck();

    /** The settings that are set, as Hibernate's {@code keysmith.*} properties, in a stable order. */
    default Map<String, String> hibernateProperties() {
        Map<String, String> properties = new LinkedHashMap<>();
        sequenceStore().ifPresent(value -> properties.put("keysmith.sequence_store", value));
        allocationTimeout().ifPresent(value -> properties.put("keysmith.allocation_timeout", value));
        failureBackoff().ifPresent(value -> properties.put("keysmith.failure_backoff", value));
        prefetchBatches().ifPresent(value -> properties.put("keysmith.prefetch_batches", value));
        counterCheck().ifPresent(value -> properties.put("keysmith.counter_check", value));
        return properties;
    }
}
