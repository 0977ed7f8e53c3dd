package dev.keysmith.samples.springboot.jpa;

import dev.keysmith.annotations.Sequence;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;

/** Refund numbers from their own sequence, {@code keysmith_refunds}. */
@Entity
public class Refund {

    @Id
    @Sequence(name = "refunds", batch = 20)
    private Long number;

    private String reason;

    protected Refund() {
    }

    public Refund(String reason) {
        this.reason = reason;
    }

    public Long getNumber() {
        return number;
    }

    public String getReason() {
        return reason;
    }
}
