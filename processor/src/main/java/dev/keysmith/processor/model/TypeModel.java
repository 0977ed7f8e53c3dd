package dev.keysmith.processor.model;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeVariableName;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;

/**
 * Everything the writer needs to generate the codec of one entity or embedded type, read from the source.
 *
 * @param type the entity or embedded type
 * @param codec the generated codec's name
 * @param shape what kind of type it is
 * @param collection the collection name (entities only; null for embedded types)
 * @param ids the id and every id annotation found
 * @param properties the persisted properties other than the id, in the order they are written
 * @param creator how instances are created when decoding
 * @param hierarchy its discriminator, and the subclasses an abstract {@code @Document} class's collection holds
 * @param nonNull the Java names of the properties of reference type that Kotlin declares non-null (a Kotlin
 *     class's stub marks them {@code @NotNull}): decoding a document without a value for one is an error of its
 *     own, not Kotlin's {@code NullPointerException}; empty for Java classes
 * @param refusals the shapes of the type that the driver refuses, to report
 * @param element the type element (valid in the current round only)
 *
 * <p>Immutable (its element is valid in the current round only).
 */
public record TypeModel(ClassName type, ClassName codec, Shape shape, String collection, Ids ids,
        List<Property> properties, Creator creator, Hierarchy hierarchy, Set<String> nonNull, List<Refusal> refusals,
        TypeElement element) {

    /**
     * @param record whether the type is a record
     * @param embedded whether the type is stored inside others (marked {@code @Embedded}, or read because an
     *     entity stores it)
     * @param typeVariables the type's type parameters ({@code T} of {@code Range<T>}); empty unless the type is a
     *     generic embedded type, whose codec takes a codec for each
     */
    public record Shape(boolean record, boolean embedded, List<TypeVariableName> typeVariables) {
    }

    /**
     * @param id the id (entities only; null for embedded types and for a {@code @Document} without an id property,
     *     whose {@code _id} the driver assigns on insert)
     * @param annotated every property that carries an id annotation, to report a second one
     * @param strays id annotations on members that are no persisted property (a static field, a method that is no
     *     getter of a property), to report
     */
    public record Ids(IdSpec id, List<IdSpec> annotated, List<Element> strays) {
    }

    /**
     * @param creation how instances are created
     * @param order for {@link Creation#CONSTRUCTOR}: the Java names of the properties the constructor or method
     *     takes, in its parameter order
     * @param factory for {@link Creation#CONSTRUCTOR}: the static {@code @BsonCreator} method that creates
     *     instances, or null for a constructor
     * @param bsonCreator whether it is a {@code @BsonCreator}: a document without a value for a primitive parameter
     *     is an error naming every parameter the document lacks, as the driver's; a missing reference is null
     * @param unmatchedParameter a {@code @BsonCreator} parameter that names no property (reported), or null
     * @param unstored for {@link Creation#CONSTRUCTOR}: the record components marked {@code @BsonIgnore}, by Java
     *     name with their types; decoding passes their default value
     */
    public record Creator(Creation creation, List<String> order, Factory factory, boolean bsonCreator,
            VariableElement unmatchedParameter, Map<String, TypeName> unstored) {
    }

    /**
     * @param discriminator the {@code @BsonDiscriminator} key and value the codec writes, or null
     * @param subclasses for an abstract {@code @Document} class with {@code @BsonDiscriminator}: its concrete
     *     subclasses, stored in its collection (its codec writes and reads each with the codec of its class); else
     *     null
     */
    public record Hierarchy(Discriminator discriminator, ValueType.Polymorphic subclasses) {
    }

    /** The id, or null (see {@link Ids#id()}). */
    public IdSpec id() {
        return ids.id();
    }

    public boolean embedded() {
        return shape.embedded();
    }

    public List<TypeVariableName> typeVariables() {
        return shape.typeVariables();
    }

    public Discriminator discriminator() {
        return hierarchy.discriminator();
    }

    public ValueType.Polymorphic subclasses() {
        return hierarchy.subclasses();
    }

    /** The name of the codec the processor writes for {@code type}, e.g. {@code Order_LineItem_KeysmithCodec}. */
    public static ClassName codecName(ClassName type) {
        return ClassName.get(type.packageName(), String.join("_", type.simpleNames()) + "_KeysmithCodec");
    }

    /** The type as generated code names it: {@code Range<T>} for a generic type, else the class. */
    public TypeName typeWithVariables() {
        if (typeVariables().isEmpty()) {
            return type;
        }
        return ParameterizedTypeName.get(type,
                typeVariables().toArray(new TypeName[0]));
    }

    /** A {@code @BsonDiscriminator}: the field written after the id, and the value that names the class. */
    public record Discriminator(String key, String value) {
    }

    /**
     * A static {@code @BsonCreator} method: the class that declares it (the type or a superclass), its name, and
     * whether its result is cast to the type (a superclass's method that returns the superclass, as the driver
     * accepts it).
     */
    public record Factory(ClassName owner, String name, boolean cast) {
    }

    /** How the codec creates instances when decoding. */
    public enum Creation {
        /** A no-argument constructor, then every property set through a field or setter. */
        INSTANCE,
        /**
         * A constructor or static factory method that takes every property (the canonical constructor of a record)
         * or, with {@code @BsonCreator}, some of them, the others being set afterwards.
         */
        CONSTRUCTOR,
        /** Neither is possible; the validator reports it. */
        NONE,
        /** A {@code @BsonCreator} the driver refuses too; reported as such, and no other way is looked for. */
        REFUSED
    }

    /** Whether the type is stored in a collection of its own without an id property (the driver makes its _id). */
    public boolean withoutId() {
        return !embedded() && id() == null;
    }

    /** The id property followed by the other properties, in the order they are written. */
    public List<Property> allProperties() {
        if (id() == null) {
            return properties;
        }
        ArrayList<Property> all = new ArrayList<>();
        all.add(id().property());
        all.addAll(properties);
        return List.copyOf(all);
    }
}
