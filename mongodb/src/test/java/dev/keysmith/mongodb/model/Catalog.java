package dev.keysmith.mongodb.model;

import dev.keysmith.annotations.Document;
import dev.keysmith.annotations.GeneratedObjectId;
import org.bson.codecs.pojo.annotations.BsonProperty;

/** A record with a renamed component and a recursive embedded type. */
@Document(collection = "catalogs")
public record Catalog(@GeneratedObjectId String id, @BsonProperty("root_category") Category root) {
}
