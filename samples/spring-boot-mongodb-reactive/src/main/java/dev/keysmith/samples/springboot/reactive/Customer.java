package dev.keysmith.samples.springboot.reactive;

import dev.keysmith.annotations.UuidId;
import java.util.UUID;
import org.springframework.data.annotation.Id;
import org.springframework.data.mongodb.core.mapping.Document;

/** A customer with a version 7 UUID id, stored as binary subtype 4. Immutable. */
@Document("customers")
public record Customer(@Id @UuidId(version = UuidId.Version.TIME_ORDERED) UUID id, String name) {
}
