package dev.keysmith.processor.model;

import com.palantir.javapoet.TypeName;

/**
 * How one Java type is stored: a kind the generated code writes with direct {@code BsonWriter} calls, a
 * container of other values, or a type whose codec comes from the registry.
 *
 * <p>Immutable.
 */
public sealed interface ValueType {

    /** The Java type, as it appears in generated code. */
    TypeName javaType();

    /** Whether the Java type is primitive (never null, never skipped). */
    default boolean primitive() {
        return javaType().isPrimitive();
    }

    /** A value written with one {@code BsonWriter} call. */
    record Scalar(ScalarKind kind, TypeName javaType) implements ValueType {
    }

    /** A {@code List} or {@code Set} of values, stored as a BSON array. */
    record CollectionOf(CollectionKind kind, ValueType element, TypeName javaType) implements ValueType {
    }

    /** A Java array of values (not {@code byte[]}, which is binary), stored as a BSON array. */
    record ArrayOf(ValueType element, TypeName javaType) implements ValueType {
    }

    /** A {@code Map<String, V>}, stored as a sub-document. */
    record MapOf(ValueType value, TypeName javaType) implements ValueType {
    }

    /** A type whose codec comes from the registry: an {@code @Embedded} type, another entity, or any class. */
    record FromRegistry(TypeName javaType, boolean embedded) implements ValueType {
    }

    /** A type keysmith cannot store; {@code reason} completes "it is ...". */
    record Unsupported(TypeName javaType, String reason) implements ValueType {
    }

    /** The kinds of {@link CollectionOf}. */
    enum CollectionKind {
        LIST,
        SET
    }
}
