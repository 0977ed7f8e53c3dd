package dev.keysmith.spring.mongodb.internal.boot3;

import dev.keysmith.spring.mongodb.internal.SequenceHealth;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.boot.actuate.health.Health;
import org.springframework.boot.actuate.health.HealthIndicator;

/**
 * {@link SequenceHealth} as a Spring Boot 3 health indicator ({@code org.springframework.boot.actuate.health}).
 *
 * <p>Thread-safe.
 */
public final class KeysmithHealthIndicator implements HealthIndicator {

    private final SequenceHealth health;

    public KeysmithHealthIndicator(SequenceHealth health) {
        this.health = health;
    }

    @Override
    public Health health() {
        Map<String, Object> details = new LinkedHashMap<>();
        return (health.up(details) ? Health.up() : Health.down()).withDetails(details).build();
    }
}
