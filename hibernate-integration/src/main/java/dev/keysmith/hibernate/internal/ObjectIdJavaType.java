package dev.keysmith.hibernate.internal;

import java.sql.Types;
import org.bson.types.ObjectId;
import org.hibernate.dialect.Dialect;
import org.hibernate.type.descriptor.WrapperOptions;
import org.hibernate.type.descriptor.java.AbstractClassJavaType;
import org.hibernate.type.descriptor.jdbc.JdbcType;
import org.hibernate.type.descriptor.jdbc.JdbcTypeIndicators;

/**
 * Hibernate's view of {@link ObjectId}: stored as its 24 lower-case hex digits in a {@code char(24)} column, or as
 * its 12 bytes when the attribute asks for a binary type ({@code @JdbcTypeCode(SqlTypes.BINARY)}: {@code binary(12)},
 * {@code bytea} on PostgreSQL).
 *
 * <p>Immutable.
 */
final class ObjectIdJavaType extends AbstractClassJavaType<ObjectId> {

    static final ObjectIdJavaType INSTANCE = new ObjectIdJavaType();

    private static final long HEX_LENGTH = 24;
    private static final long BYTE_LENGTH = 12;

    private ObjectIdJavaType() {
        super(ObjectId.class);
    }

    @Override
    public JdbcType getRecommendedJdbcType(JdbcTypeIndicators indicators) {
        return indicators.getTypeConfiguration().getJdbcTypeRegistry().getDescriptor(Types.CHAR);
    }

    @Override
    public long getDefaultSqlLength(Dialect dialect, JdbcType jdbcType) {
        return jdbcType.isBinary() ? BYTE_LENGTH : HEX_LENGTH;
    }

    @Override
    public String toString(ObjectId value) {
        return value.toHexString();
    }

    @Override
    public ObjectId fromString(CharSequence string) {
        return new ObjectId(string.toString().trim());
    }

    @Override
    @SuppressWarnings("unchecked")
    public <X> X unwrap(ObjectId value, Class<X> type, WrapperOptions options) {
        if (value == null) {
            return null;
        }
        if (type.isAssignableFrom(ObjectId.class)) {
            return (X) value;
        }
        if (type == String.class) {
            return (X) value.toHexString();
        }
        if (type == byte[].class) {
            return (X) value.toByteArray();
        }
        throw unknownUnwrap(type);
    }

    @Override
    public <X> ObjectId wrap(X value, WrapperOptions options) {
        if (value == null) {
            return null;
        }
        if (value instanceof ObjectId id) {
            return id;
        }
        if (value instanceof CharSequence hex) {
            return fromString(hex);
        }
        if (value instanceof byte[] bytes) {
            return new ObjectId(bytes);
        }
        throw unknownWrap(value.getClass());
    }
}
