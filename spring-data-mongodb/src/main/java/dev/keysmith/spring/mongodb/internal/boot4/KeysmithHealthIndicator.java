package dev.keysmith.spring.mongodb.internal.boot4;

import dev.keysmith.spring.mongodb.internal.SequenceHealth;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;

/**
 * {@link SequenceHealth} as a Spring Boot 4 health indicator ({@code org.springframework.boot.health.contributor}).
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
