package dev.keysmith.spring.mongodb.reactive;

import dev.keysmith.annotations.RandomId;
import org.springframework.data.annotation.Id;
import org.springframework.data.mongodb.core.mapping.Document;

/** A record with a one-digit random id, saved through the repository: a new instance per attempt. */
@Document("draws")
public record Draw(@Id @RandomId(digits = 1, attempts = 200) Long number, String prize) {
}
