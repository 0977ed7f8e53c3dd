package dev.keysmith.hibernate.ogm.internal;

import dev.keysmith.hibernate.ogm.KeysmithMongoDBDialect;
import java.util.Map;
import org.hibernate.boot.registry.StandardServiceRegistryBuilder;
import org.hibernate.boot.registry.classloading.spi.ClassLoaderService;
import org.hibernate.boot.registry.classloading.spi.ClassLoadingException;
import org.hibernate.ogm.cfg.OgmProperties;
import org.hibernate.ogm.datastore.mongodb.impl.MongoDBDatastoreProvider;
import org.hibernate.service.spi.ServiceContributor;

/**
 * Adds keysmith's services to every service registry Hibernate builds (found through {@code ServiceLoader}): the
 * {@link SequenceCounters} of the registry, and, for an OGM application on MongoDB that names no grid dialect, the
 * default grid dialect {@link KeysmithMongoDBDialect}, which stores {@code @UuidId} ids as BSON binary subtype 4.
 *
 * <p>Thread-safe (stateless).
 */
public final class KeysmithServiceContributor implements ServiceContributor {

    /** OGM's short name for its MongoDB datastore. */
    private static final String MONGODB = "mongodb";

    @Override
    public void contribute(StandardServiceRegistryBuilder registry) {
        registry.addInitiator(SequenceCounters.INITIATOR);
        Map<?, ?> settings = registry.getSettings();
        if (!settings.containsKey(OgmProperties.GRID_DIALECT)
                && isMongoDb(settings.get(OgmProperties.DATASTORE_PROVIDER), registry)) {
            registry.applySetting(OgmProperties.GRID_DIALECT, KeysmithMongoDBDialect.class.getName());
        }
    }

    /** Whether OGM's datastore provider setting (a short name, a class name, a class or an instance) means MongoDB. */
    private static boolean isMongoDb(Object provider, StandardServiceRegistryBuilder registry) {
        if (provider instanceof MongoDBDatastoreProvider) {
            return true;
        }
        if (provider instanceof Class<?> type) {
            return MongoDBDatastoreProvider.class.isAssignableFrom(type);
        }
        if (!(provider instanceof String name) || name.isBlank()) {
            return false;
        }
        if (name.trim().equalsIgnoreCase(MONGODB)) {
            return true;
        }
        try {
            Class<?> type = registry.getBootstrapServiceRegistry().getService(ClassLoaderService.class)
                    .classForName(name.trim());
            return MongoDBDatastoreProvider.class.isAssignableFrom(type);
        } catch (ClassLoadingException e) {
            return false; // another short name (infinispan, neo4j_embedded...) or a typo OGM reports itself
        }
    }
}
