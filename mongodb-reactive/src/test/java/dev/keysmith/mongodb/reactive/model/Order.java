package dev.keysmith.mongodb.reactive.model;

import dev.keysmith.annotations.Document;
import dev.keysmith.annotations.Sequence;
import java.math.BigDecimal;

/** A record whose id comes from a sequence with batches of 50 and prefetch. */
@Document(collection = "orders")
public record Order(@Sequence(batch = 50) Long number, BigDecimal total) {
}
