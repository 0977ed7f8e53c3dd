package dev.keysmith.hibernate.ogm.internal;

import org.hibernate.type.AbstractSingleColumnStandardBasicType;
import org.hibernate.type.descriptor.java.StringTypeDescriptor;
import org.hibernate.type.descriptor.sql.BinaryTypeDescriptor;

/**
 * The ORM type of a {@code String} id that carries {@code @UuidId} (the UUID's canonical form in Java): a marker for
 * {@link dev.keysmith.hibernate.ogm.KeysmithMongoDBDialect}, which stores it as BSON binary subtype 4. Set on the id
 * by {@link KeysmithMappingProducer} (by class name, so it needs a public no-argument constructor).
 *
 * <p>Immutable.
 */
public final class UuidTextBinaryType extends AbstractSingleColumnStandardBasicType<String> {

    private static final long serialVersionUID = 1L;

    public UuidTextBinaryType() {
        super(BinaryTypeDescriptor.INSTANCE, StringTypeDescriptor.INSTANCE);
    }

    @Override
    public String getName() {
        return "keysmith_uuid_text_binary";
    }
}
