package dev.keysmith.hibernate.ogm.internal;

import dev.keysmith.runtime.Uuids;
import java.util.UUID;
import org.bson.BsonBinary;
import org.bson.BsonBinarySubType;
import org.bson.types.Binary;
import org.hibernate.MappingException;
import org.hibernate.engine.spi.Mapping;
import org.hibernate.ogm.model.spi.Tuple;
import org.hibernate.ogm.type.descriptor.impl.BasicGridBinder;
import org.hibernate.ogm.type.descriptor.impl.GridTypeDescriptor;
import org.hibernate.ogm.type.descriptor.impl.GridValueBinder;
import org.hibernate.ogm.type.descriptor.impl.GridValueExtractor;
import org.hibernate.ogm.type.impl.AbstractGenericBasicType;
import org.hibernate.type.descriptor.WrapperOptions;
import org.hibernate.type.descriptor.java.JavaTypeDescriptor;
import org.hibernate.type.descriptor.java.StringTypeDescriptor;
import org.hibernate.type.descriptor.java.UUIDTypeDescriptor;

/**
 * How OGM writes a {@code @UuidId} id into a MongoDB document and reads it back: BSON binary subtype 4 (RFC 4122
 * byte order), whatever the client's {@code uuidRepresentation}, for {@code UUID} ids and for {@code String} ids in
 * canonical form alike.
 *
 * <p>Immutable.
 *
 * @param <T> {@code UUID} or {@code String}
 */
public final class UuidBinaryGridType<T> extends AbstractGenericBasicType<T> {

    /** For {@code UUID} ids. */
    public static final UuidBinaryGridType<UUID> UUID = new UuidBinaryGridType<>(UUIDTypeDescriptor.INSTANCE);
    /** For {@code String} ids in the UUID's canonical form. */
    public static final UuidBinaryGridType<String> TEXT = new UuidBinaryGridType<>(StringTypeDescriptor.INSTANCE);

    private static final long serialVersionUID = 1L;

    private UuidBinaryGridType(JavaTypeDescriptor<T> javaType) {
        super(Subtype4.INSTANCE, javaType);
    }

    @Override
    public String getName() {
        return "keysmith_uuid_binary";
    }

    @Override
    public int getColumnSpan(Mapping mapping) throws MappingException {
        return 1;
    }

    /** Converts between the Java value and {@code BsonBinary} subtype 4. */
    private static final class Subtype4 implements GridTypeDescriptor {

        static final Subtype4 INSTANCE = new Subtype4();
        private static final long serialVersionUID = 1L;

        @Override
        public <X> GridValueBinder<X> getBinder(JavaTypeDescriptor<X> javaType) {
            return new BasicGridBinder<X>(javaType, this) {
                @Override
                protected void doBind(Tuple tuple, X value, String[] names, WrapperOptions options) {
                    UUID uuid = value instanceof UUID u ? u : java.util.UUID.fromString((String) value);
                    tuple.put(names[0], Uuids.toBinary(uuid));
                }
            };
        }

        @Override
        public <X> GridValueExtractor<X> getExtractor(JavaTypeDescriptor<X> javaType) {
            return (tuple, name) -> {
                UUID uuid = toUuid(tuple.get(name), name);
                if (uuid == null) {
                    return null;
                }
                return javaType.getJavaType() == String.class ? javaType.wrap(uuid.toString(), null)
                        : javaType.wrap(uuid, null);
            };
        }

        private static UUID toUuid(Object stored, String name) {
            if (stored == null || stored instanceof UUID) {
                // a client whose uuidRepresentation is STANDARD decodes subtype 4 to UUID itself
                return (UUID) stored;
            }
            if (stored instanceof Binary binary) {
                return Uuids.fromBinary(new BsonBinary(binary.getType(), binary.getData()));
            }
            if (stored instanceof BsonBinary binary) {
                return Uuids.fromBinary(binary);
            }
            throw new IllegalStateException("the field '" + name + "' holds " + stored.getClass().getName()
                    + " where keysmith's @UuidId expects BSON binary subtype " + BsonBinarySubType.UUID_STANDARD.getValue());
        }
    }
}
