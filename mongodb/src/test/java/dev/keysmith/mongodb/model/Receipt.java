package dev.keysmith.mongodb.model;

import dev.keysmith.annotations.Document;
import dev.keysmith.annotations.Sequence;

/** A striped sequence: [1, 999] split into three counters, [1, 333], [334, 666] and [667, 999]. */
@Document(collection = "receipts")
public record Receipt(@Sequence(counters = 3, digits = 3, batch = 5) Long number, String shop) {
}
