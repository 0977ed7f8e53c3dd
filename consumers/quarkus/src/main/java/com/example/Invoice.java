package com.example;

import dev.keysmith.annotations.Document;
import dev.keysmith.annotations.Sequence;
import io.quarkus.mongodb.panache.PanacheMongoEntityBase;
import io.quarkus.mongodb.panache.common.MongoEntity;

@MongoEntity(collection = "invoices")
@Document(collection = "invoices")
public class Invoice extends PanacheMongoEntityBase {
    @Sequence(batch = 50)
    public Long number;
    public String customer;
}
