package dev.keysmith.spring.mongodb.app;

import dev.keysmith.annotations.UuidId;
import java.util.UUID;
import org.springframework.data.annotation.Id;
import org.springframework.data.mongodb.core.mapping.Document;

/** A record with a version 7 UUID id: saving it returns a new instance. */
@Document("sessions")
public record Session(@Id @UuidId(version = UuidId.Version.TIME_ORDERED) UUID id, String user) {
}
