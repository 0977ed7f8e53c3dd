package dev.keysmith.quarkus.test.blocking;

import dev.keysmith.annotations.Document;
import dev.keysmith.annotations.GeneratedObjectId;
import io.quarkus.mongodb.panache.PanacheMongoEntityBase;
import io.quarkus.mongodb.panache.common.MongoEntity;

@MongoEntity(collection = "people")
@Document(collection = "people")
public class Person extends PanacheMongoEntityBase {
    @GeneratedObjectId
    public String id;
    public String name;
}
