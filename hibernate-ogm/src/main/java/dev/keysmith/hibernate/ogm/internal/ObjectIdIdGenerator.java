package dev.keysmith.hibernate.ogm.internal;

import dev.keysmith.runtime.ObjectIdGenerator;
import java.io.Serializable;
import java.util.Properties;
import org.bson.types.ObjectId;
import org.hibernate.engine.spi.SharedSessionContractImplementor;
import org.hibernate.service.ServiceRegistry;

/**
 * {@code @GeneratedObjectId}: a new {@link ObjectId} per persist, as an {@code ObjectId} or its 24 hex digits (which
 * OGM's {@code objectid} type stores as an ObjectId).
 *
 * <p>Thread-safe once configured.
 */
public final class ObjectIdIdGenerator extends KeysmithGenerator {

    private static final String HEX = "keysmith.hex";

    private final ObjectIdGenerator ids = ObjectIdGenerator.create();
    private boolean hex;

    static Properties parameters(boolean hex) {
        return properties(HEX, hex);
    }

    @Override
    void configure(Properties parameters, ServiceRegistry services) {
        hex = Boolean.parseBoolean(parameters.getProperty(HEX));
    }

    @Override
    public Serializable generate(SharedSessionContractImplementor session, Object entity) {
        ObjectId id = ids.next();
        return hex ? id.toHexString() : id;
    }
}
