package dev.keysmith.hibernate.internal;

import org.hibernate.boot.model.TypeContributions;
import org.hibernate.boot.model.TypeContributor;
import org.hibernate.service.ServiceRegistry;

/**
 * Registers {@link ObjectIdJavaType}, so that {@code ObjectId} attributes (ids or not) are basic values, when
 * {@code org.mongodb:bson} is on the classpath. Found by Hibernate through {@code ServiceLoader}.
 *
 * <p>Thread-safe (stateless).
 */
public final class KeysmithTypeContributor implements TypeContributor {

    @Override
    public void contribute(TypeContributions contributions, ServiceRegistry serviceRegistry) {
        if (BsonSupport.PRESENT) {
            contributions.contributeJavaType(ObjectIdJavaType.INSTANCE);
        }
    }
}
