package dev.keysmith.samples.mongo;

import dev.keysmith.annotations.Document;
import dev.keysmith.annotations.RandomId;

/**
 * An account with a random 12-digit number, the kind printed on a card or a letter: it does not tell how many
 * accounts exist. An insert that draws a number already taken is retried with a fresh one.
 *
 * <p>Not thread-safe: confine to one thread.
 */
@Document(collection = "accounts")
public class Account {
    @RandomId(digits = 12) Long number;
    String email;

    /** For the codec, which decodes into an empty instance. */
    Account() {
    }

    public Account(String email) {
        this.email = email;
    }
}
