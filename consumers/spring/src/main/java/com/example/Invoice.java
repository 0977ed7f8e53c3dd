package com.example;

import dev.keysmith.annotations.Sequence;
import java.math.BigDecimal;
import org.springframework.data.annotation.Id;
import org.springframework.data.mongodb.core.mapping.Document;

/** Invoice numbers 1, 2, 3, ..., 100 reserved per round trip. */
@Document("invoices")
public record Invoice(@Id @Sequence(batch = 100) Long number, String customer, BigDecimal total) {
}
