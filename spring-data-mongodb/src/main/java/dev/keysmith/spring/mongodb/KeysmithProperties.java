package dev.keysmith.spring.mongodb;

import com.mongodb.WriteConcern;
import java.util.Locale;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The {@code keysmith.*} settings of the Spring Data MongoDB integration.
 *
 * <pre>
 * keysmith.counters-collection=keysmith_counters
 * keysmith.write-concern=majority
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

    public String getCountersCollection() {
        return countersCollection;
    }

    public void setCountersCollection(String countersCollection) {
        this.countersCollection = countersCollection;
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
