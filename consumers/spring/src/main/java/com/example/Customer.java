package com.example;

import dev.keysmith.annotations.UuidId;
import java.util.UUID;
import org.springframework.data.annotation.Id;
import org.springframework.data.mongodb.core.mapping.Document;

/** A customer with a version 7 UUID id. */
@Document("customers")
public record Customer(@Id @UuidId(version = UuidId.Version.TIME_ORDERED) UUID id, String name) {
}
