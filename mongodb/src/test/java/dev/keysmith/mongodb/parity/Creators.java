package dev.keysmith.mongodb.parity;

import dev.keysmith.annotations.Document;
import org.bson.codecs.pojo.annotations.BsonCreator;
import org.bson.codecs.pojo.annotations.BsonId;
import org.bson.codecs.pojo.annotations.BsonIgnore;
import org.bson.codecs.pojo.annotations.BsonProperty;
import org.bson.types.ObjectId;

/** Immutable and half-immutable classes created through {@code @BsonCreator}, as the driver documents them. */
public final class Creators {

    private Creators() {
    }

    /** Every property passed to the constructor, named by {@code @BsonProperty}, the id by {@code @BsonId}. */
    @Document
    public static final class Money {
        private final ObjectId id;
        private final String currency;
        @BsonProperty("amount_cents")
        private final long cents;

        @BsonCreator
        public Money(@BsonId ObjectId id, @BsonProperty("currency") String currency,
                @BsonProperty("amount_cents") long cents) {
            this.id = id;
            this.currency = currency;
            this.cents = cents;
        }

        public ObjectId getId() {
            return id;
        }

        public String getCurrency() {
            return currency;
        }

        public long getCents() {
            return cents;
        }
    }

    /** Some properties passed to the constructor, the others set through setters afterwards. */
    @Document
    public static final class Account {
        private final ObjectId id;
        private final String owner;
        private String email;
        private int logins;

        @BsonCreator
        public Account(@BsonId ObjectId id, @BsonProperty("owner") String owner) {
            this.id = id;
            this.owner = owner;
        }

        public ObjectId getId() {
            return id;
        }

        public String getOwner() {
            return owner;
        }

        public String getEmail() {
            return email;
        }

        public void setEmail(String email) {
            this.email = email;
        }

        public int getLogins() {
            return logins;
        }

        public void setLogins(int logins) {
            this.logins = logins;
        }
    }

    /** A static factory method as the creator. */
    @Document
    public static final class Code {
        private final ObjectId id;
        private final String value;

        private Code(ObjectId id, String value) {
            this.id = id;
            this.value = value;
        }

        @BsonCreator
        public static Code of(@BsonId ObjectId id, @BsonProperty("value") String value) {
            return new Code(id, value);
        }

        public ObjectId getId() {
            return id;
        }

        public String getValue() {
            return value;
        }
    }

    /** A record component marked {@code @BsonIgnore} (the driver's record codec rejects it): never stored. */
    @Document
    public record Session(@BsonId ObjectId id, String user, @BsonIgnore String cachedToken) {
    }
}
