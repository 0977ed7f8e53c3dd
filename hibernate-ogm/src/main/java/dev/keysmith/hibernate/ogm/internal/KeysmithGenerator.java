package dev.keysmith.hibernate.ogm.internal;

import java.io.Serializable;
import java.util.Properties;
import dev.keysmith.hibernate.ogm.KeysmithMappingException;
import org.hibernate.engine.spi.SharedSessionContractImplementor;
import org.hibernate.id.Configurable;
import org.hibernate.id.IdentifierGenerator;
import org.hibernate.ogm.datastore.mongodb.impl.MongoDBDatastoreProvider;
import org.hibernate.ogm.datastore.spi.DatastoreProvider;
import org.hibernate.service.ServiceRegistry;
import org.hibernate.service.UnknownServiceException;
import org.hibernate.type.Type;

/**
 * What keysmith's generators share: Hibernate creates one per entity and session factory through its
 * {@code IdentifierGeneratorFactory} (by class name, as {@link KeysmithMappingProducer} set it), configures it with
 * the annotation's values as parameters, then calls {@link #generate} once per persist, from any thread.
 *
 * <p>Thread-safe once configured (subclasses are).
 */
abstract class KeysmithGenerator implements IdentifierGenerator, Configurable {

    /** Parameter: the JPA name of the entity whose id this generates. */
    static final String ENTITY = "keysmith.entity";
    /** Parameter: the id attribute's name. */
    static final String ATTRIBUTE = "keysmith.attribute";

    private String entity;
    private String attribute;

    @Override
    public final void configure(Type type, Properties parameters, ServiceRegistry services) {
        entity = parameters.getProperty(ENTITY);
        attribute = parameters.getProperty(ATTRIBUTE);
        configure(parameters, services);
    }

    /** Reads this generator's parameters (written by its {@code parameters} method) and looks up its services. */
    abstract void configure(Properties parameters, ServiceRegistry services);

    @Override
    public abstract Serializable generate(SharedSessionContractImplementor session, Object entity);

    /** The JPA name of the entity. */
    final String entity() {
        return entity;
    }

    /** The id attribute's name. */
    final String attribute() {
        return attribute;
    }

    /**
     * OGM's MongoDB datastore, which keysmith's strategies that read or write the database need.
     *
     * @throws KeysmithMappingException naming this id when the persistence unit's datastore is not MongoDB
     */
    final MongoDBDatastoreProvider mongoDb(ServiceRegistry services, String strategy) {
        DatastoreProvider datastore;
        try {
            datastore = services.getService(DatastoreProvider.class);
        } catch (UnknownServiceException e) {
            datastore = null;
        }
        if (datastore instanceof MongoDBDatastoreProvider mongo) {
            return mongo;
        }
        throw new KeysmithMappingException(entity, attribute, strategy + " keeps its state in MongoDB, so "
                + "keysmith-hibernate-ogm needs OGM's MongoDB datastore, but this persistence unit's datastore is "
                + (datastore == null ? "none (Hibernate OGM is not enabled)" : datastore.getClass().getName())
                + "; set hibernate.ogm.datastore.provider to mongodb, or use keysmith-hibernate for Hibernate ORM");
    }

    static Properties properties(Object... keysAndValues) {
        Properties properties = new Properties();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            properties.setProperty((String) keysAndValues[i], String.valueOf(keysAndValues[i + 1]));
        }
        return properties;
    }
}
