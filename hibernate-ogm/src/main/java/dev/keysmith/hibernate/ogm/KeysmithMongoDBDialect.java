package dev.keysmith.hibernate.ogm;

import dev.keysmith.hibernate.ogm.internal.UuidBinaryGridType;
import dev.keysmith.hibernate.ogm.internal.UuidBinaryType;
import dev.keysmith.hibernate.ogm.internal.UuidTextBinaryType;
import org.hibernate.ogm.datastore.mongodb.MongoDBDialect;
import org.hibernate.ogm.datastore.mongodb.impl.MongoDBDatastoreProvider;
import org.hibernate.ogm.type.spi.GridType;
import org.hibernate.type.Type;

/**
 * OGM's MongoDB grid dialect, plus the storage of {@code @UuidId} ids as BSON binary subtype 4 (OGM stores UUIDs as
 * strings). keysmith makes it the default grid dialect of every OGM application whose datastore is MongoDB and that
 * names no grid dialect of its own; an application that needs its own dialect and uses {@code @UuidId} extends this
 * class. Only ids that carry {@code @UuidId} are stored differently: every other attribute is stored as OGM does.
 *
 * <p>Thread-safe (as OGM's dialect is).
 */
public class KeysmithMongoDBDialect extends MongoDBDialect {

    private static final long serialVersionUID = 1L;

    public KeysmithMongoDBDialect(MongoDBDatastoreProvider provider) {
        super(provider);
    }

    @Override
    public GridType overrideType(Type type) {
        if (type instanceof UuidBinaryType) {
            return UuidBinaryGridType.UUID;
        }
        if (type instanceof UuidTextBinaryType) {
            return UuidBinaryGridType.TEXT;
        }
        return super.overrideType(type);
    }
}
