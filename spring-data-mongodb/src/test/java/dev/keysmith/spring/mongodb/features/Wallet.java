package dev.keysmith.spring.mongodb.features;

import dev.keysmith.annotations.RandomId;
import org.springframework.data.annotation.Id;
import org.springframework.data.annotation.Version;
import org.springframework.data.mongodb.core.mapping.Document;

/** A versioned entity with a random id in a primitive field, and a primitive version. */
@Document("wallets")
public class Wallet {

    @Id
    @RandomId(digits = 10)
    private long number;
    @Version
    private long version;
    private long cents;

    public Wallet() {
    }

    public Wallet(long cents) {
        this.cents = cents;
    }

    public long getNumber() {
        return number;
    }

    public long getVersion() {
        return version;
    }

    public long getCents() {
        return cents;
    }

    public void setCents(long cents) {
        this.cents = cents;
    }
}
