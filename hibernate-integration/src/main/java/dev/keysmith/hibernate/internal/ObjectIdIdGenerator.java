package dev.keysmith.hibernate.internal;

import dev.keysmith.runtime.IdGenerators;
import org.bson.types.ObjectId;
import org.hibernate.engine.spi.SharedSessionContractImplementor;
import org.hibernate.generator.EventType;

/**
 * {@code @GeneratedObjectId}: a new {@link ObjectId} per insert, as an {@code ObjectId} or its 24 hex digits, from
 * the JVM-wide generator of {@link IdGenerators} (one 5-byte process value per process, as the spec has it, shared
 * with every other route of keysmith in the JVM).
 *
 * <p>Thread-safe. One instance serves one session factory.
 */
final class ObjectIdIdGenerator extends InsertOnlyGenerator {

    private static final long serialVersionUID = 1L;

    private final transient FactoryGenerators factories;
    private final boolean hex;
    private transient volatile IdGenerators generators;

    ObjectIdIdGenerator(FactoryGenerators factories, boolean hex) {
        this.factories = factories;
        this.hex = hex;
    }

    @Override
    public Object generate(SharedSessionContractImplementor session, Object owner, Object currentValue,
            EventType eventType) {
        IdGenerators ids = generators;
        if (ids == null) {
            ids = factories.of(session.getFactory());
            generators = ids;
        }
        ObjectId id = ids.objectId();
        return hex ? id.toHexString() : id;
    }
}
