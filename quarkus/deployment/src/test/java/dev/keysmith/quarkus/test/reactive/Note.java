package dev.keysmith.quarkus.test.reactive;

import dev.keysmith.annotations.Document;
import dev.keysmith.annotations.GeneratedObjectId;
import io.quarkus.mongodb.panache.common.MongoEntity;
import io.quarkus.mongodb.panache.reactive.ReactivePanacheMongoEntityBase;

@MongoEntity(collection = "notes")
@Document(collection = "notes")
public class Note extends ReactivePanacheMongoEntityBase {
    @GeneratedObjectId
    public String id;
    public String text;
}
