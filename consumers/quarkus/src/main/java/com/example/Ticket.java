package com.example;

import dev.keysmith.annotations.Document;
import dev.keysmith.annotations.Sequence;
import io.quarkus.mongodb.panache.common.MongoEntity;
import io.quarkus.mongodb.panache.reactive.ReactivePanacheMongoEntityBase;

@MongoEntity(collection = "tickets")
@Document(collection = "tickets")
public class Ticket extends ReactivePanacheMongoEntityBase {
    @Sequence(batch = 1)
    public Long number;
    public String title;
}
