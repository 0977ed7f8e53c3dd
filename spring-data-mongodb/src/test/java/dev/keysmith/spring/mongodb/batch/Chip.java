package dev.keysmith.spring.mongodb.batch;

import dev.keysmith.annotations.RandomId;
import org.springframework.data.annotation.Id;
import org.springframework.data.mongodb.core.mapping.Document;

/** A record with a two-digit random id (90 values): a batch into a nearly full space collides part-way. */
@Document("chips")
public record Chip(@Id @RandomId(digits = 2, attempts = 1000) Long id, String name) {
}
