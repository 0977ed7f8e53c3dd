package dev.keysmith.processor.reading;

import dev.keysmith.processor.messages.Reason;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.TypeName;
import dev.keysmith.processor.model.ScalarKind;
import dev.keysmith.processor.model.TypeModel;
import dev.keysmith.processor.model.ValueType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.type.WildcardType;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/** Decides how a Java type is stored: the field kinds of the design, containers, the registry, or not at all. */
final class ValueTypes {

    /** The classes decoding creates for collection interfaces; LinkedHashSet keeps a set in its stored order. */
    private static final Map<String, String> COLLECTION_IMPLEMENTATIONS = Map.of(
            "java.util.Collection", "java.util.ArrayList",
            "java.util.List", "java.util.ArrayList",
            "java.util.Set", "java.util.LinkedHashSet",
            "java.util.SortedSet", "java.util.TreeSet",
            "java.util.NavigableSet", "java.util.TreeSet",
            "java.util.Queue", "java.util.ArrayDeque",
            "java.util.Deque", "java.util.ArrayDeque",
            "java.util.SequencedCollection", "java.util.ArrayList",
            "java.util.SequencedSet", "java.util.LinkedHashSet");

    /** The classes decoding creates for map interfaces; LinkedHashMap keeps the document's order. */
    private static final Map<String, String> MAP_IMPLEMENTATIONS = Map.of(
            "java.util.Map", "java.util.LinkedHashMap",
            "java.util.SortedMap", "java.util.TreeMap",
            "java.util.NavigableMap", "java.util.TreeMap",
            "java.util.SequencedMap", "java.util.LinkedHashMap",
            "java.util.concurrent.ConcurrentMap", "java.util.concurrent.ConcurrentHashMap",
            "java.util.concurrent.ConcurrentNavigableMap", "java.util.concurrent.ConcurrentSkipListMap");

    /** Abstract types that the driver's default registry serves. */
    private static final List<String> ABSTRACT_TYPES_WITH_CODECS = List.of("org.bson.BsonValue");

    private final Elements elements;
    private final Types types;

    private final java.util.function.Supplier<List<TypeElement>> sourceClasses;
    private final Discriminators discriminators;

    /**
     * @param sourceClasses the classes compiled here, nested ones included: where the subclasses of a type with a
     *     {@code @BsonDiscriminator} are looked for
     */
    ValueTypes(Elements elements, Types types, java.util.function.Supplier<List<TypeElement>> sourceClasses) {
        this.elements = elements;
        this.types = types;
        this.sourceClasses = sourceClasses;
        this.discriminators = new Discriminators(elements, types, sourceClasses);
    }

    Discriminators discriminators() {
        return discriminators;
    }

    ValueType classify(TypeMirror type) {
        TypeName javaType = TypeName.get(type);
        switch (type.getKind()) {
            case ARRAY: return classifyArray((ArrayType) type, javaType);
            case DECLARED: return classifyDeclared((DeclaredType) type, javaType);
            case TYPEVAR: return ((javax.lang.model.type.TypeVariable) type).asElement().getEnclosingElement()
                    instanceof TypeElement ? new ValueType.TypeVariable(javaType)
                    : new ValueType.Unsupported(javaType, Reason.METHOD_TYPE_VARIABLE.format());
            default: return type.getKind().isPrimitive()
                    ? new ValueType.Scalar(ScalarKind.ofPrimitive(type.getKind()), javaType)
                    : new ValueType.Unsupported(javaType,
                            Reason.OTHER_KIND.format(type.getKind().name().toLowerCase(java.util.Locale.ROOT)));
        }
    }

    private ValueType classifyArray(ArrayType type, TypeName javaType) {
        TypeMirror component = type.getComponentType();
        if (component.getKind() == TypeKind.BYTE) {
            return new ValueType.Scalar(ScalarKind.BYTES, javaType);
        }
        if (component.getKind() == TypeKind.TYPEVAR
                || component.getKind() == TypeKind.DECLARED && !((DeclaredType) component).getTypeArguments().isEmpty()) {
            return new ValueType.Unsupported(javaType, Reason.GENERIC_ARRAY.format());
        }
        return new ValueType.ArrayOf(classify(component), javaType);
    }

    private ValueType classifyDeclared(DeclaredType type, TypeName javaType) {
        TypeElement element = (TypeElement) type.asElement();
        String name = element.getQualifiedName().toString();
        ScalarKind scalar = ScalarKind.ofClass(name);
        if (scalar != null) {
            return new ValueType.Scalar(scalar, javaType);
        }
        if (element.getKind() == ElementKind.ENUM) {
            return new ValueType.Scalar(ScalarKind.ENUM, javaType);
        }
        List<? extends TypeMirror> arguments = type.getTypeArguments();
        if (name.equals("java.lang.Object")) {
            return new ValueType.Any(javaType);
        }
        if (name.startsWith("org.bson.") && !discriminators.isSourceClass(element)) {
            // Document, BsonDocument, BsonArray and the other BsonValues: the driver's registry has their codecs. A
            // class of this compilation in such a package is the application's, and gets a codec like any other.
            return new ValueType.FromRegistry(javaType, false);
        }
        if (isSubtype(type, "java.util.Map")) {
            return classifyMap(type, element, javaType);
        }
        if (isSubtype(type, "java.util.Collection")) {
            return classifyCollection(type, element, javaType);
        }
        TypeModel.Discriminator discriminator = arguments.isEmpty() ? discriminators.discriminator(element) : null;
        if (discriminator != null) {
            return discriminators.polymorphic(element, javaType, discriminator);
        }
        if (!arguments.isEmpty()) {
            return parameterized(element, arguments, javaType);
        }
        if (!element.getTypeParameters().isEmpty()) {
            return new ValueType.Unsupported(javaType, Reason.RAW_GENERIC.format(element.getSimpleName()));
        }
        if (!ABSTRACT_TYPES_WITH_CODECS.contains(name) && (element.getKind() == ElementKind.INTERFACE
                || element.getModifiers().contains(Modifier.ABSTRACT))) {
            return discriminators.undiscriminated(element, javaType);
        }
        return new ValueType.FromRegistry(javaType, Annotations.has(element, Annotations.EMBEDDED));
    }

    /**
     * A generic class or record of this compilation with its type arguments: its generated codec, made with a
     * codec for each argument. An argument must have a codec of its own: a class (found in the registry), another
     * such generic type, or a type variable of the type being read.
     */
    private ValueType parameterized(TypeElement element, List<? extends TypeMirror> arguments, TypeName javaType) {
        if (!sourceClasses.get().contains(element) || element.getModifiers().contains(Modifier.ABSTRACT)
                || element.getKind() != ElementKind.CLASS && element.getKind() != ElementKind.RECORD) {
            return new ValueType.Unsupported(javaType, Reason.FOREIGN_GENERIC.format());
        }
        List<ValueType> codedArguments = new ArrayList<>();
        for (TypeMirror argument : arguments) {
            ValueType coded = typeArgument(argument);
            if (coded instanceof ValueType.Unsupported unsupported) {
                return new ValueType.Unsupported(javaType, Reason.TYPE_ARGUMENT.format(
                        unsupported.javaType(), unsupported.reason(), element.getSimpleName()));
            }
            codedArguments.add(coded);
        }
        ClassName raw = ClassName.get(element);
        return new ValueType.Parameterized(javaType, TypeModel.codecName(raw), List.copyOf(codedArguments));
    }

    /** How a type argument is coded; {@code Unsupported} with a reason completing "is ..." if it cannot be. */
    private ValueType typeArgument(TypeMirror argument) {
        TypeName javaType = TypeName.get(argument);
        if (argument.getKind() == TypeKind.TYPEVAR) {
            return classify(argument);
        }
        if (argument.getKind() != TypeKind.DECLARED) {
            return new ValueType.Unsupported(javaType,
                    (argument.getKind() == TypeKind.WILDCARD ? Reason.WILDCARD : Reason.ARRAY).format());
        }
        DeclaredType declared = (DeclaredType) argument;
        TypeElement element = (TypeElement) declared.asElement();
        if (isSubtype(declared, "java.util.Collection")) {
            // Holder<List<Item>>: the generic type's codec is given a codec of the collection, made from the
            // element's (the driver resolves the type argument the same way).
            List<? extends TypeMirror> elements = upperBounds(typeArgumentsAs(declared, "java.util.Collection"));
            ClassName implementation = implementation(element, COLLECTION_IMPLEMENTATIONS);
            if (elements.size() != 1 || !isConcreteArgument(elements.get(0)) || implementation == null) {
                return new ValueType.Unsupported(javaType, Reason.ARGUMENT_COLLECTION.format());
            }
            ValueType coded = typeArgument(elements.get(0));
            return coded instanceof ValueType.Unsupported ? coded
                    : new ValueType.CollectionOf(implementation, coded, javaType);
        }
        if (isSubtype(declared, "java.util.Map")) {
            List<? extends TypeMirror> entries = upperBounds(typeArgumentsAs(declared, "java.util.Map"));
            ClassName implementation = implementation(element, MAP_IMPLEMENTATIONS);
            if (entries.size() != 2 || !isConcreteArgument(entries.get(1)) || implementation == null
                    || !types.isSameType(entries.get(0), elements.getTypeElement("java.lang.String").asType())) {
                return new ValueType.Unsupported(javaType, Reason.ARGUMENT_MAP.format());
            }
            ValueType coded = typeArgument(entries.get(1));
            return coded instanceof ValueType.Unsupported ? coded
                    : new ValueType.MapOf(implementation, coded, javaType);
        }
        ValueType classified = classifyDeclared(declared, javaType);
        if (classified instanceof ValueType.Parameterized || classified instanceof ValueType.Unsupported) {
            return classified;
        }
        if (classified instanceof ValueType.Any) {
            return new ValueType.Unsupported(javaType, Reason.OBJECT.format());
        }
        if (classified instanceof ValueType.Polymorphic) {
            // Range<Shape>: a codec of the discriminated classes, as the driver's PojoCodec of Shape.
            return classified;
        }
        return new ValueType.FromRegistry(javaType, Annotations.has(element, Annotations.EMBEDDED));
    }

    /**
     * {@code type}, a collection or map, read into a new {@code target} (a subtype of it: the field a value of the
     * property's type is set into) where keysmith can create one; else {@code type} as it is.
     */
    ValueType decodedInto(ValueType type, TypeMirror target) {
        if (target.getKind() != TypeKind.DECLARED) {
            return type;
        }
        TypeElement element = (TypeElement) ((DeclaredType) target).asElement();
        if (element.getTypeParameters().isEmpty()) {
            return type; // (a Tags class of strings: the property's own class, cast as the driver casts it)
        }
        if (type instanceof ValueType.CollectionOf collection) {
            ClassName implementation = implementation(element, COLLECTION_IMPLEMENTATIONS);
            return implementation == null ? type
                    : new ValueType.CollectionOf(implementation, collection.element(), collection.javaType());
        }
        if (type instanceof ValueType.MapOf map) {
            ClassName implementation = implementation(element, MAP_IMPLEMENTATIONS);
            return implementation == null ? type : new ValueType.MapOf(implementation, map.value(), map.javaType());
        }
        return type;
    }

    private ValueType classifyCollection(DeclaredType type, TypeElement element, TypeName javaType) {
        List<? extends TypeMirror> arguments = upperBounds(typeArgumentsAs(type, "java.util.Collection"));
        if (arguments.size() != 1 || !isConcreteArgument(arguments.get(0))) {
            return new ValueType.Unsupported(javaType, Reason.WILDCARD_COLLECTION.format());
        }
        ClassName implementation = implementation(element, COLLECTION_IMPLEMENTATIONS);
        if (implementation == null) {
            return new ValueType.Unsupported(javaType, Reason.UNCREATABLE_COLLECTION.format());
        }
        return new ValueType.CollectionOf(implementation, classify(arguments.get(0)), javaType);
    }

    private ValueType classifyMap(DeclaredType type, TypeElement element, TypeName javaType) {
        List<? extends TypeMirror> arguments = upperBounds(typeArgumentsAs(type, "java.util.Map"));
        if (arguments.size() != 2 || !isConcreteArgument(arguments.get(1))) {
            return new ValueType.Unsupported(javaType, Reason.WILDCARD_MAP.format());
        }
        TypeMirror string = elements.getTypeElement("java.lang.String").asType();
        if (!types.isSameType(arguments.get(0), string)) {
            return new ValueType.Unsupported(javaType, Reason.NON_STRING_KEYS.format());
        }
        ClassName implementation = implementation(element, MAP_IMPLEMENTATIONS);
        if (implementation == null) {
            return new ValueType.Unsupported(javaType, Reason.UNCREATABLE_MAP.format());
        }
        return new ValueType.MapOf(implementation, classify(arguments.get(1)), javaType);
    }

    /**
     * The type arguments with {@code ? extends X} read as {@code X}, as the driver reads a wildcard's bound
     * ({@code List<? extends Shape>} holds {@code Shape}s); {@code ?} and {@code ? super X} stay wildcards.
     */
    private static List<? extends TypeMirror> upperBounds(List<? extends TypeMirror> arguments) {
        List<TypeMirror> bounded = new ArrayList<>(arguments.size());
        for (TypeMirror argument : arguments) {
            TypeMirror bound = argument instanceof WildcardType wildcard ? wildcard.getExtendsBound() : null;
            bounded.add(bound != null ? bound : argument);
        }
        return bounded;
    }

    private static boolean isConcreteArgument(TypeMirror argument) {
        return argument.getKind() == TypeKind.DECLARED || argument.getKind() == TypeKind.ARRAY
                || argument.getKind() == TypeKind.TYPEVAR;
    }

    /** The class decoding creates: the interface's usual implementation, or the class itself. */
    private static ClassName implementation(TypeElement element, Map<String, String> implementations) {
        String chosen = implementations.get(element.getQualifiedName().toString());
        if (chosen != null) {
            return ClassName.bestGuess(chosen);
        }
        if (element.getKind() != ElementKind.CLASS || element.getModifiers().contains(Modifier.ABSTRACT)
                || !element.getModifiers().contains(Modifier.PUBLIC)) {
            return null;
        }
        for (ExecutableElement constructor : ElementFilter.constructorsIn(element.getEnclosedElements())) {
            if (constructor.getParameters().isEmpty() && constructor.getModifiers().contains(Modifier.PUBLIC)) {
                return ClassName.get(element);
            }
        }
        return null;
    }

    private boolean isSubtype(DeclaredType type, String container) {
        TypeMirror erased = types.erasure(elements.getTypeElement(container).asType());
        return types.isAssignable(types.erasure(type), erased);
    }

    /** The type arguments of {@code container} as {@code type} implements it ({@code List<E>} of an ArrayList). */
    private List<? extends TypeMirror> typeArgumentsAs(TypeMirror type, String container) {
        if (type.getKind() != TypeKind.DECLARED) {
            return List.of();
        }
        DeclaredType declared = (DeclaredType) type;
        if (((TypeElement) declared.asElement()).getQualifiedName().contentEquals(container)) {
            return declared.getTypeArguments();
        }
        for (TypeMirror supertype : types.directSupertypes(type)) {
            List<? extends TypeMirror> found = typeArgumentsAs(supertype, container);
            if (!found.isEmpty()) {
                return found;
            }
        }
        return List.of();
    }

    /** Whether {@code type} or a type inside it is still undefined (an error type). */
    static boolean isUndefined(TypeMirror type) {
        switch (type.getKind()) {
            case ERROR:
                return true;
            case ARRAY:
                return isUndefined(((ArrayType) type).getComponentType());
            case DECLARED:
                for (TypeMirror argument : ((DeclaredType) type).getTypeArguments()) {
                    if (isUndefined(argument)) {
                        return true;
                    }
                }
                return false;
            default:
                return false;
        }
    }
}
