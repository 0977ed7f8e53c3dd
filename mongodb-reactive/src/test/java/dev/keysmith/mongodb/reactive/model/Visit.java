package dev.keysmith.mongodb.reactive.model;

import dev.keysmith.annotations.Document;
import dev.keysmith.annotations.UuidId;
import java.util.UUID;

/** A record with a version 7 UUID. */
@Document(collection = "visits")
public record Visit(@UuidId(version = UuidId.Version.TIME_ORDERED) UUID id, String page) {
}
