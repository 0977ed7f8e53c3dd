package dev.keysmith.samples.springboot;

import dev.keysmith.annotations.Sequence;
import java.math.BigDecimal;
import org.springframework.data.annotation.Id;
import org.springframework.data.mongodb.core.mapping.Document;

/** Invoice numbers 1, 2, 3, ... from the counter {@code invoices}, 100 reserved per round trip. Immutable. */
@Document("invoices")
public record Invoice(@Id @Sequence(batch = 100) Long number, String customer, BigDecimal total) {
}
