package dev.keysmith.spring.mongodb.reactive;

import dev.keysmith.annotations.Sequence;
import org.springframework.data.annotation.Id;
import org.springframework.data.mongodb.core.mapping.Document;

/** A record whose sequence is striped over four counters, each owning a quarter of six digits. */
@Document("stamps")
public record Stamp(@Id @Sequence(batch = 20, counters = 4, digits = 6) Long id, String motif) {
}
