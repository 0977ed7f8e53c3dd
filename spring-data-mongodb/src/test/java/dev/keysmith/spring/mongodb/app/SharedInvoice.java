package dev.keysmith.spring.mongodb.app;

import dev.keysmith.annotations.Sequence;
import java.math.BigDecimal;
import org.springframework.data.annotation.Id;
import org.springframework.data.mongodb.core.mapping.Document;

/**
 * A Spring entity on the sequence {@code invoices}, which keysmith-mongodb's processed {@code Invoice} uses through
 * {@code Keysmith.repository}.
 */
@Document("spring_invoices")
public record SharedInvoice(@Id @Sequence(name = "invoices", batch = 10) Long number, BigDecimal total) {
}
