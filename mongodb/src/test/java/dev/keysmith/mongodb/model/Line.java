package dev.keysmith.mongodb.model;

import dev.keysmith.annotations.Embedded;
import java.math.BigDecimal;

/** An embedded record with a primitive component: a document without {@code quantity} cannot be decoded. */
@Embedded
public record Line(String sku, int quantity, BigDecimal price) {
}
