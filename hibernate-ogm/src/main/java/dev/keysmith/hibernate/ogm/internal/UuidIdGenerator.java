package dev.keysmith.hibernate.ogm.internal;

import dev.keysmith.annotations.UuidId;
import dev.keysmith.hibernate.ogm.KeysmithMappingException;
import dev.keysmith.hibernate.ogm.KeysmithMongoDBDialect;
import dev.keysmith.runtime.UuidGenerator;
import java.io.Serializable;
import java.util.Properties;
import java.util.UUID;
import org.hibernate.engine.spi.SharedSessionContractImplementor;
import org.hibernate.ogm.dialect.impl.GridDialects;
import org.hibernate.ogm.dialect.spi.GridDialect;
import org.hibernate.service.ServiceRegistry;

/**
 * {@code @UuidId}: a version 4 or version 7 UUID per persist, as a {@link UUID} or its canonical string; either way
 * stored as BSON binary subtype 4 by {@link KeysmithMongoDBDialect}, which this generator checks is in use.
 *
 * <p>Thread-safe once configured.
 */
public final class UuidIdGenerator extends KeysmithGenerator {

    private static final String VERSION = "keysmith.version";
    private static final String TEXT = "keysmith.text";

    private UuidGenerator ids;
    private boolean text;

    static Properties parameters(UuidId.Version version, boolean text) {
        return properties(VERSION, version.name(), TEXT, text);
    }

    @Override
    void configure(Properties parameters, ServiceRegistry services) {
        UuidId.Version version = UuidId.Version.valueOf(parameters.getProperty(VERSION));
        ids = version == UuidId.Version.TIME_ORDERED ? UuidGenerator.timeOrdered() : UuidGenerator.random();
        text = Boolean.parseBoolean(parameters.getProperty(TEXT));
        Class<? extends GridDialect> dialect = GridDialects.getWrappedDialect(services.getService(GridDialect.class));
        if (!KeysmithMongoDBDialect.class.isAssignableFrom(dialect)) {
            throw new KeysmithMappingException(entity(), attribute(), "@UuidId stores its id as BSON binary subtype 4 "
                    + "through " + KeysmithMongoDBDialect.class.getName() + ", but the grid dialect is "
                    + dialect.getName() + "; remove the setting hibernate.ogm.datastore.grid_dialect, or make that "
                    + "dialect extend " + KeysmithMongoDBDialect.class.getSimpleName());
        }
    }

    @Override
    public Serializable generate(SharedSessionContractImplementor session, Object entity) {
        UUID id = ids.next();
        return text ? id.toString() : id;
    }
}
