package dev.keysmith.processor.model;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.TypeName;
import java.util.List;
import java.util.SortedMap;

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

    /**
     * A {@code Collection} of values (any interface or class with a no-argument constructor), stored as a BSON
     * array; decoded into a new {@code implementation}.
     */
    record CollectionOf(ClassName implementation, ValueType element, TypeName javaType) implements ValueType {
    }

    /** A Java array of values (not {@code byte[]}, which is binary), stored as a BSON array. */
    record ArrayOf(ValueType element, TypeName javaType) implements ValueType {
    }

    /** A {@code Map<String, V>}, stored as a sub-document; decoded into a new {@code implementation}. */
    record MapOf(ClassName implementation, ValueType value, TypeName javaType) implements ValueType {
    }

    /**
     * A value declared as {@code Object}: written with the codec of its class, read as the driver's
     * {@code Document} codec reads a value of its BSON type.
     */
    record Any(TypeName javaType) implements ValueType {
    }

    /**
     * A type whose instances may be of several classes told apart by a {@code @BsonDiscriminator}: written with
     * the codec of the value's class (which writes its discriminator), read with the codec of the class the
     * stored discriminator names, as the driver does.
     *
     * @param key the discriminator's key ({@code _t} unless set)
     * @param classes the class of each discriminator value, in the order of the values
     */
    record Polymorphic(TypeName javaType, String key, SortedMap<String, ClassName> classes)
            implements ValueType {
    }

    /**
     * A generic type of this compilation with type arguments ({@code Range<Integer>}): written and read by its
     * generated codec, made with a codec for each type argument, as the driver's PojoCodec resolves the type
     * arguments per property.
     *
     * @param codec the generated codec of the generic type
     * @param arguments how each type argument is coded: a {@link FromRegistry} class, another
     *     {@code Parameterized} type, or a {@link TypeVariable} of the type whose codec is being written
     */
    record Parameterized(TypeName javaType, ClassName codec, List<ValueType> arguments)
            implements ValueType {
    }

    /**
     * A value of a type variable ({@code T min}) of the generic type whose codec is being written: written and
     * read with the codec its constructor was given for the type argument.
     */
    record TypeVariable(TypeName javaType) implements ValueType {
    }

    /**
     * A class of this compilation under a {@code @BsonProperty} that switches its discriminator, as the driver's
     * rule has it: its codec comes from the registry, and its values are written with the discriminator
     * {@code key: value} after their {@code _id} ({@code useDiscriminator = true} on a class without
     * {@code @BsonDiscriminator}) or without the field {@code key} ({@code value} null: a concrete
     * {@code @BsonDiscriminator} class under a {@code @BsonProperty} without {@code useDiscriminator = true}), and
     * read as the class itself.
     *
     * @param generic for a generic class of this compilation ({@code Range<Integer>}), how it is coded without
     *     the switch; null for a class the registry serves
     */
    record Rediscriminated(TypeName javaType, String key, String value, Parameterized generic) implements ValueType {
    }

    /** A type whose codec comes from the registry: an {@code @Embedded} type, another entity, or any class. */
    record FromRegistry(TypeName javaType, boolean embedded) implements ValueType {
    }

    /** A type keysmith cannot store; {@code reason} completes "it is ...". */
    record Unsupported(TypeName javaType, String reason) implements ValueType {
    }
}
