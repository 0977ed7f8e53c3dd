package com.example;

import dev.keysmith.annotations.Document;
import dev.keysmith.annotations.GeneratedObjectId;
import io.quarkus.mongodb.panache.PanacheMongoEntityBase;
import io.quarkus.mongodb.panache.common.MongoEntity;

@MongoEntity(collection = "comments")
@Document(collection = "comments")
public class Comment extends PanacheMongoEntityBase {
    @GeneratedObjectId
    public String id;
    public String text;
}
