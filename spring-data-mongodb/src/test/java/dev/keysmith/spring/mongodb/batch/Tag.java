package dev.keysmith.spring.mongodb.batch;

import dev.keysmith.annotations.UuidId;
import java.util.UUID;
import org.springframework.data.annotation.Id;
import org.springframework.data.mongodb.core.mapping.Document;

/** A record with a time-ordered UUID id. */
@Document("tags")
public record Tag(@Id @UuidId(version = UuidId.Version.TIME_ORDERED) UUID id, String name) {
}
