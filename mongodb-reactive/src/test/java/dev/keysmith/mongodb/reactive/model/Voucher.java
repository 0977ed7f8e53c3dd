package dev.keysmith.mongodb.reactive.model;

import dev.keysmith.annotations.Document;
import dev.keysmith.annotations.Sequence;

/** A record whose ids come from four striped counters of six-digit ids. */
@Document(collection = "vouchers")
public record Voucher(@Sequence(batch = 20, counters = 4, digits = 6) Long code, int percent) {
}
