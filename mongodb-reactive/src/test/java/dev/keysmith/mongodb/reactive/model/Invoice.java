package dev.keysmith.mongodb.reactive.model;

import dev.keysmith.annotations.Document;
import dev.keysmith.annotations.Sequence;
import java.math.BigDecimal;

/** The invoice of docs/reactive.md: numbers from the sequence "invoices", 100 per reservation. */
@Document(collection = "invoices")
public record Invoice(@Sequence(name = "invoices", batch = 100) Long number, BigDecimal total) {
}
