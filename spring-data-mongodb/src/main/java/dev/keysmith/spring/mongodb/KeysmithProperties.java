package dev.keysmith.spring.mongodb;

import com.mongodb.WriteConcern;
import dev.keysmith.runtime.CounterCheck;
import java.util.Locale;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The {@code keysmith.*} settings of the Spring Data MongoDB integration.
 *
 * <pre>
 * keysmith.counters-collection=keysmith_counters
 * keysmith.write-concern=majority
 * keysmith.counter-check=warn
 * keysmith.resync-on-duplicate-id=true
 * </pre>
 *
 * <p>Not thread-safe: confine to one thread (Spring binds it once at startup).
 */
@ConfigurationProperties(prefix = "keysmith")
public class KeysmithProperties {

    /**
     * The collection of the application's database that holds the sequence counters, one document per counter
     * shaped {_id: name, next: NumberLong(n)}; the plain-driver Keysmith uses the same collection by default, so
     * both share their sequences.
     */
    private String countersCollection = "keysmith_counters";

    /**
     * The write concern of counter writes, by name: majority (the default), acknowledged, w1, w2, w3, journaled or
     * unacknowledged. Anything weaker than majority can hand out a range twice after a primary fails over.
     */
    private String writeConcern = "majority";

    /**
     * What the start-up does with a @Sequence entity whose counter is behind the largest id of its collection: warn
     * (the default: a log warning naming the sequence, the counter, the largest id and the fix), fail, resync or
     * off. One query on the _id index and one counter read per counter.
     */
    private String counterCheck = "warn";

    /**
     * Whether an insert of a @Sequence entity that meets a duplicate _id resyncs the sequence and retries once with a
     * new id; with false it fails at once with a DuplicateKeyException naming the sequence and the fix.
     */
    private boolean resyncOnDuplicateId = true;

    /**
     * The most batches one reservation of a prefetching sequence may take (16 by default; at least 1): a sequence used
     * so fast that one batch lasts less than about 8 ms reserves several at once, so that its next range is reserved
     * well before it is needed, at the price of larger gaps when the application stops. 1 keeps one batch per
     * reservation.
     */
    private int prefetchBatches = 16;

    public String getCountersCollection() {
        return countersCollection;
    }

    public void setCountersCollection(String countersCollection) {
        this.countersCollection = countersCollection;
    }

    public String getCounterCheck() {
        return counterCheck;
    }

    public void setCounterCheck(String counterCheck) {
        this.counterCheck = counterCheck;
    }

    public int getPrefetchBatches() {
        return prefetchBatches;
    }

    public void setPrefetchBatches(int prefetchBatches) {
        this.prefetchBatches = prefetchBatches;
    }

    /**
     * {@code keysmith.prefetch-batches}, checked.
     *
     * @throws IllegalArgumentException naming the property and its value when it is below 1
     */
    public int prefetchBatchesChecked() {
        if (prefetchBatches < 1) {
            throw new IllegalArgumentException("keysmith.prefetch-batches=" + prefetchBatches + " is not a number of"
                    + " batches; use a whole number of at least 1 (1: one batch per reservation; 16 by default)");
        }
        return prefetchBatches;
    }

    public boolean isResyncOnDuplicateId() {
        return resyncOnDuplicateId;
    }

    public void setResyncOnDuplicateId(boolean resyncOnDuplicateId) {
        this.resyncOnDuplicateId = resyncOnDuplicateId;
    }

    /**
     * The check named by {@code keysmith.counter-check}.
     *
     * @throws IllegalArgumentException naming the property and its value when it names no check
     */
    public CounterCheck counterCheckMode() {
        return CounterCheck.parse("keysmith.counter-check", counterCheck);
    }

    public String getWriteConcern() {
        return writeConcern;
    }

    public void setWriteConcern(String writeConcern) {
        this.writeConcern = writeConcern;
    }

    /**
     * The driver's write concern named by {@code keysmith.write-concern}.
     *
     * @throws IllegalArgumentException naming the property and its value when it names no write concern
     */
    public WriteConcern counterWriteConcern() {
        WriteConcern concern = writeConcern == null ? null : WriteConcern.valueOf(writeConcern.strip()
                .toUpperCase(Locale.ROOT));
        if (concern == null) {
            throw new IllegalArgumentException("keysmith.write-concern=" + writeConcern + " names no write concern; use"
                    + " majority, acknowledged, w1, w2, w3, journaled or unacknowledged");
        }
        return concern;
    }
}
