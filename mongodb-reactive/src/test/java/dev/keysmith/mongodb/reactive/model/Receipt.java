package dev.keysmith.mongodb.reactive.model;

import dev.keysmith.annotations.Document;
import dev.keysmith.annotations.Sequence;

/** A class whose id comes from the continuous sequence: one counter round trip per id. */
@Document(collection = "receipts")
public class Receipt {

    @Sequence(batch = 1)
    public Long id;
    public String text;

    public Receipt() {
    }

    public Receipt(String text) {
        this.text = text;
    }
}
