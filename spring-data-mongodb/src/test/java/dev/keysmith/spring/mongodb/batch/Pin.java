package dev.keysmith.spring.mongodb.batch;

import dev.keysmith.annotations.GeneratedObjectId;
import org.bson.types.ObjectId;
import org.springframework.data.annotation.Id;
import org.springframework.data.mongodb.core.mapping.Document;

/** A record with a keysmith ObjectId. */
@Document("pins")
public record Pin(@Id @GeneratedObjectId ObjectId id, String name) {
}
