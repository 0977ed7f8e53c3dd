package dev.keysmith.quarkus.test.blocking;

import dev.keysmith.annotations.Document;
import dev.keysmith.annotations.Sequence;
import io.quarkus.mongodb.panache.common.MongoEntity;

/** Stored through a repository ({@link Invoices}), not as an active record. */
@MongoEntity(collection = "invoices")
@Document(collection = "invoices")
public class Invoice {
    @Sequence(batch = 2)
    public Long number;
    public String customer;
}
