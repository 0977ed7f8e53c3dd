package dev.keysmith.spring.mongodb.reactive;

import dev.keysmith.annotations.Sequence;
import org.springframework.data.annotation.Id;
import org.springframework.data.mongodb.core.mapping.Document;

/** A record with sequence ids reserved 50 at a time, the next range prefetched. */
@Document("parcels")
public record Parcel(@Id @Sequence(batch = 50, prefetch = true) Long id, int weight) {
}
