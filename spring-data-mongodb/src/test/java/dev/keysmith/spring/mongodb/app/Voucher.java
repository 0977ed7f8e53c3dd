package dev.keysmith.spring.mongodb.app;

import dev.keysmith.annotations.RandomId;
import org.springframework.data.annotation.Id;
import org.springframework.data.mongodb.core.mapping.Document;

/** A record with a one-digit random id: nine possible ids, so inserts collide and are retried. */
@Document("vouchers")
public record Voucher(@Id @RandomId(digits = 1, attempts = 200) Long code, String label) {
}
