package dev.keysmith.hibernate.ogm.internal;

import java.util.UUID;
import org.hibernate.type.AbstractSingleColumnStandardBasicType;
import org.hibernate.type.descriptor.java.UUIDTypeDescriptor;
import org.hibernate.type.descriptor.sql.BinaryTypeDescriptor;

/**
 * The ORM type of a {@code UUID} id that carries {@code @UuidId}: a marker for
 * {@link dev.keysmith.hibernate.ogm.KeysmithMongoDBDialect}, which stores it as BSON binary subtype 4. Set on the id
 * by {@link KeysmithMappingProducer} (by class name, so it needs a public no-argument constructor).
 *
 * <p>Immutable.
 */
public final class UuidBinaryType extends AbstractSingleColumnStandardBasicType<UUID> {

    private static final long serialVersionUID = 1L;

    public UuidBinaryType() {
        super(BinaryTypeDescriptor.INSTANCE, UUIDTypeDescriptor.INSTANCE);
    }

    @Override
    public String getName() {
        return "keysmith_uuid_binary";
    }
}
