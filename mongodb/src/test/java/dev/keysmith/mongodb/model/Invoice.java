package dev.keysmith.mongodb.model;

import dev.keysmith.annotations.Document;
import dev.keysmith.annotations.Sequence;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

/** A record: its id is set by building a new instance. */
@Document(collection = "invoices")
public record Invoice(@Sequence(batch = 10) Long number, BigDecimal total, Instant issued, Status status,
        List<Line> lines) {
}
