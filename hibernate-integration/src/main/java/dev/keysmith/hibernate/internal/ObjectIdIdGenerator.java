package dev.keysmith.hibernate.internal;

import dev.keysmith.runtime.ObjectIdGenerator;
import org.bson.types.ObjectId;
import org.hibernate.engine.spi.SharedSessionContractImplementor;
import org.hibernate.generator.EventType;

/**
 * {@code @GeneratedObjectId}: a new {@link ObjectId} per insert, as an {@code ObjectId} or its 24 hex digits.
 *
 * <p>Thread-safe.
 */
final class ObjectIdIdGenerator extends InsertOnlyGenerator {

    private static final long serialVersionUID = 1L;

    private final transient ObjectIdGenerator ids = ObjectIdGenerator.create();
    private final boolean hex;

    ObjectIdIdGenerator(boolean hex) {
        this.hex = hex;
    }

    @Override
    public Object generate(SharedSessionContractImplementor session, Object owner, Object currentValue,
            EventType eventType) {
        ObjectId id = ids.next();
        return hex ? id.toHexString() : id;
    }
}
