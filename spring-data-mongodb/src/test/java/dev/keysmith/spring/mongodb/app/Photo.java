package dev.keysmith.spring.mongodb.app;

import dev.keysmith.annotations.GeneratedObjectId;
import org.bson.types.ObjectId;
import org.springframework.data.annotation.Id;
import org.springframework.data.mongodb.core.mapping.Document;

/** An ObjectId id, on a record. */
@Document("photos")
public record Photo(@Id @GeneratedObjectId ObjectId id, String caption) {
}
