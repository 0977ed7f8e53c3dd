package dev.keysmith.processor.model;

import com.palantir.javapoet.TypeName;

/** How generated code reads or writes one property of an instance.
 *
 * <p>Immutable.
 */
public sealed interface Access {

    /** Direct access to a non-private field. */
    record Field(String name) implements Access {
    }

    /**
     * A field whose type is a subtype of the property's (a public {@code ArrayList<String> tags} behind
     * {@code List<String> getTags()}, with no setter): the value, read as the property's type, is cast to
     * {@code type} and set, as the driver sets such a field.
     */
    record SubtypeField(String name, TypeName type) implements Access {
    }

    /** A getter (no arguments) or a setter (one argument). */
    record Method(String name) implements Access {
    }

    /** A getter whose return type is a supertype of the property's type (it returns the field). */
    record CovariantGetter(String name) implements Access {
    }

    /** The property is passed to the constructor the codec creates instances with. */
    record ConstructorParameter() implements Access {
    }

    /** A property with a public getter and no field or setter: written, and skipped when decoding, as the driver does. */
    record ReadOnly() implements Access {
    }

    /**
     * Left out on this side by {@code @BsonIgnore} on one accessor, as the driver does: as the read access, the
     * property is not written to documents (its getter is ignored); as the write access, it is not read from them.
     */
    record Ignored() implements Access {
    }

    /** The property cannot be accessed this way; the validator reports why. */
    record None() implements Access {
    }
}
