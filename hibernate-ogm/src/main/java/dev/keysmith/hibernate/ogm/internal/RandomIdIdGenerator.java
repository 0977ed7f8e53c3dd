package dev.keysmith.hibernate.ogm.internal;

import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Projections;
import dev.keysmith.runtime.RandomIdExhaustedException;
import dev.keysmith.runtime.RandomIdGenerator;
import java.io.Serializable;
import java.util.Properties;
import org.bson.BsonDocument;
import org.hibernate.engine.spi.SharedSessionContractImplementor;
import org.hibernate.id.IdentifierGenerator;
import org.hibernate.ogm.datastore.mongodb.impl.MongoDBDatastoreProvider;
import org.hibernate.ogm.persister.impl.OgmEntityPersister;
import org.hibernate.persister.entity.EntityPersister;
import org.hibernate.service.ServiceRegistry;

/**
 * {@code @RandomId}: a random number with exactly {@code digits} digits that is not taken yet.
 *
 * <p>OGM gives a generator no way to retry an insert: it queues the insert and writes it at flush, in a batch, with
 * the entity already registered in the session under its id, and reports a duplicate {@code _id} as an
 * {@code EntityExistsException} then. So, as on the Hibernate ORM route, the retry happens before the insert: each
 * candidate is checked against the current session's entities and against the collection ({@code _id} lookup,
 * projected to the id); a taken candidate is replaced by a fresh one, up to {@code attempts} times, then
 * {@link RandomIdExhaustedException} is thrown and nothing is inserted. What this cannot see: a document another
 * session has queued but not flushed yet. If two sessions draw the same free number at the same moment, the second
 * flush fails on the duplicate {@code _id} (MongoDB never merges the two documents); with realistic {@code digits}
 * the odds are those of drawing the same number twice.
 *
 * <p>Thread-safe once configured.
 */
public final class RandomIdIdGenerator extends KeysmithGenerator {

    private static final String DIGITS = "keysmith.digits";
    private static final String ATTEMPTS = "keysmith.attempts";

    private int attempts;
    private RandomIdGenerator ids;
    private String entityName;
    private MongoDBDatastoreProvider datastore;

    static Properties parameters(int digits, int attempts) {
        return properties(DIGITS, digits, ATTEMPTS, attempts);
    }

    @Override
    void configure(Properties parameters, ServiceRegistry services) {
        attempts = Integer.parseInt(parameters.getProperty(ATTEMPTS));
        ids = RandomIdGenerator.create(Integer.parseInt(parameters.getProperty(DIGITS)));
        entityName = parameters.getProperty(IdentifierGenerator.ENTITY_NAME);
        datastore = mongoDb(services, "@RandomId");
    }

    @Override
    public Serializable generate(SharedSessionContractImplementor session, Object entity) {
        EntityPersister persister = session.getEntityPersister(entityName, entity);
        String collectionName = ((OgmEntityPersister) persister).getEntityKeyMetadata().getTable();
        MongoDatabase database = datastore.getDatabase();
        MongoCollection<BsonDocument> collection = database.getCollection(collectionName, BsonDocument.class);
        for (int attempt = 0; attempt < attempts; attempt++) {
            long candidate = ids.next();
            if (!inSession(session, persister, candidate) && !inCollection(collection, candidate)) {
                return candidate;
            }
        }
        throw new RandomIdExhaustedException(entity(), collectionName, attempts, null);
    }

    private static boolean inSession(SharedSessionContractImplementor session, EntityPersister persister, long id) {
        return session.getPersistenceContext().getEntity(session.generateEntityKey(id, persister)) != null;
    }

    private static boolean inCollection(MongoCollection<BsonDocument> collection, long id) {
        return collection.find(Filters.eq("_id", id)).projection(Projections.include("_id")).first() != null;
    }
}
