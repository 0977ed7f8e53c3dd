package dev.keysmith.mongodb.model;

import dev.keysmith.annotations.GeneratedObjectId;
import org.bson.types.ObjectId;

/** An ObjectId-typed id on a record. */
public record Badge(@GeneratedObjectId ObjectId id, String label) {
}
