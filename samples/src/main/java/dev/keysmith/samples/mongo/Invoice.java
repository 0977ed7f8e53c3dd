package dev.keysmith.samples.mongo;

import dev.keysmith.annotations.Document;
import dev.keysmith.annotations.Sequence;
import java.math.BigDecimal;

/**
 * An invoice numbered 1, 2, 3, ... by the counter document {@code invoices}. Taking a number reserves 100 of them
 * in one round trip, so most inserts never wait for the counter.
 *
 * <p>Immutable. A record cannot be given its id in place: the repository returns a new instance that carries it.
 */
@Document(collection = "invoices")
public record Invoice(@Sequence(name = "invoices", batch = 100) Long number, BigDecimal total) {
}
