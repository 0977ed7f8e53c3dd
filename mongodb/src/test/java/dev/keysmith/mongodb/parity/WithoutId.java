package dev.keysmith.mongodb.parity;

import dev.keysmith.annotations.Document;
import java.time.Instant;
import java.util.List;
import org.bson.codecs.pojo.annotations.BsonDiscriminator;
import org.bson.codecs.pojo.annotations.BsonProperty;

/**
 * Stored classes without an id property (events, logs, read models): the driver assigns their {@code _id} on
 * insert, and decoding skips it, as with PojoCodec.
 */
public final class WithoutId {

    private WithoutId() {
    }

    /** Public fields. */
    @Document(collection = "events")
    public static class Event {
        public String type;
        public Instant at;
        public int attempt;
    }

    /** Accessors. */
    @Document
    public static class AuditEntry {
        private String actor;
        private String action;

        public String getActor() {
            return actor;
        }

        public void setActor(String actor) {
            this.actor = actor;
        }

        public String getAction() {
            return action;
        }

        public void setAction(String action) {
            this.action = action;
        }
    }

    /** A discriminator, and no id: the discriminator is the first field. */
    @Document
    @BsonDiscriminator("metric")
    public static class Metric {
        public String name;
        public double value;
    }

    /** Embedded values and lists. */
    @Document
    public static class Report {
        public String title;
        public List<Shapes.Tagged> lines;
        public Shapes.Plain summary;
    }

    /** A record without an id component. */
    @Document
    public record Reading(String sensor, double celsius) {
    }

    /** A field named {@code id} renamed away from {@code _id}: an ordinary field, the _id the driver's. */
    @Document
    public static class Imported {
        @BsonProperty("id")
        public String id;
        public String origin;
    }
}
