package com.example;

import dev.keysmith.annotations.Document;
import dev.keysmith.annotations.Sequence;
import java.math.BigDecimal;

@Document(collection = "invoices")
public record Invoice(@Sequence(name = "invoices", batch = 100) Long number, BigDecimal total) {
}
