package dev.keysmith.hibernate.internal;

import dev.keysmith.annotations.UuidId;
import dev.keysmith.runtime.UuidGenerator;
import java.util.UUID;
import org.hibernate.engine.spi.SharedSessionContractImplementor;
import org.hibernate.generator.EventType;

/**
 * {@code @UuidId}: a version 4 or version 7 UUID per insert, as a {@link UUID} or its canonical string.
 *
 * <p>Thread-safe.
 */
final class UuidIdGenerator extends InsertOnlyGenerator {

    private static final long serialVersionUID = 1L;

    private final transient UuidGenerator ids;
    private final boolean text;

    UuidIdGenerator(UuidId.Version version, boolean text) {
        this.ids = version == UuidId.Version.TIME_ORDERED ? UuidGenerator.timeOrdered() : UuidGenerator.random();
        this.text = text;
    }

    @Override
    public Object generate(SharedSessionContractImplementor session, Object owner, Object currentValue,
            EventType eventType) {
        UUID id = ids.next();
        return text ? id.toString() : id;
    }
}
