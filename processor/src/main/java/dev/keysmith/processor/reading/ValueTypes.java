package dev.keysmith.processor.reading;

import com.palantir.javapoet.TypeName;
import dev.keysmith.processor.model.ScalarKind;
import dev.keysmith.processor.model.ValueType;
import java.util.List;
import java.util.Map;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/** Decides how a Java type is stored: the field kinds of the design, containers, the registry, or not at all. */
final class ValueTypes {

    private static final Map<String, ScalarKind> DECLARED_SCALARS = Map.ofEntries(
            Map.entry("java.lang.Boolean", ScalarKind.BOOLEAN),
            Map.entry("java.lang.Integer", ScalarKind.INT),
            Map.entry("java.lang.Long", ScalarKind.LONG),
            Map.entry("java.lang.Double", ScalarKind.DOUBLE),
            Map.entry("java.lang.Float", ScalarKind.FLOAT),
            Map.entry("java.lang.Short", ScalarKind.SHORT),
            Map.entry("java.lang.Byte", ScalarKind.BYTE),
            Map.entry("java.lang.Character", ScalarKind.CHAR),
            Map.entry("java.lang.String", ScalarKind.STRING),
            Map.entry("java.time.Instant", ScalarKind.INSTANT),
            Map.entry("java.util.Date", ScalarKind.DATE),
            Map.entry("java.time.LocalDate", ScalarKind.LOCAL_DATE),
            Map.entry("java.time.LocalDateTime", ScalarKind.LOCAL_DATE_TIME),
            Map.entry("java.math.BigDecimal", ScalarKind.BIG_DECIMAL),
            Map.entry("java.util.UUID", ScalarKind.UUID),
            Map.entry("org.bson.types.ObjectId", ScalarKind.OBJECT_ID));

    /** Abstract types that the driver's default registry serves. */
    private static final List<String> ABSTRACT_TYPES_WITH_CODECS = List.of("org.bson.BsonValue");

    private final Elements elements;
    private final Types types;

    ValueTypes(Elements elements, Types types) {
        this.elements = elements;
        this.types = types;
    }

    ValueType classify(TypeMirror type) {
        TypeName javaType = TypeName.get(type);
        switch (type.getKind()) {
            case BOOLEAN: return new ValueType.Scalar(ScalarKind.BOOLEAN, javaType);
            case INT: return new ValueType.Scalar(ScalarKind.INT, javaType);
            case LONG: return new ValueType.Scalar(ScalarKind.LONG, javaType);
            case DOUBLE: return new ValueType.Scalar(ScalarKind.DOUBLE, javaType);
            case FLOAT: return new ValueType.Scalar(ScalarKind.FLOAT, javaType);
            case SHORT: return new ValueType.Scalar(ScalarKind.SHORT, javaType);
            case BYTE: return new ValueType.Scalar(ScalarKind.BYTE, javaType);
            case CHAR: return new ValueType.Scalar(ScalarKind.CHAR, javaType);
            case ARRAY: return classifyArray((ArrayType) type, javaType);
            case DECLARED: return classifyDeclared((DeclaredType) type, javaType);
            case TYPEVAR: return new ValueType.Unsupported(javaType, "a type variable, whose stored type is unknown");
            default: return new ValueType.Unsupported(javaType, "a " + type.getKind().name().toLowerCase() + " type");
        }
    }

    private ValueType classifyArray(ArrayType type, TypeName javaType) {
        TypeMirror component = type.getComponentType();
        if (component.getKind() == TypeKind.BYTE) {
            return new ValueType.Scalar(ScalarKind.BYTES, javaType);
        }
        if (component.getKind() == TypeKind.DECLARED && !((DeclaredType) component).getTypeArguments().isEmpty()) {
            return new ValueType.Unsupported(javaType, "an array of a generic type, which Java cannot create");
        }
        return new ValueType.ArrayOf(classify(component), javaType);
    }

    private ValueType classifyDeclared(DeclaredType type, TypeName javaType) {
        TypeElement element = (TypeElement) type.asElement();
        String name = element.getQualifiedName().toString();
        ScalarKind scalar = DECLARED_SCALARS.get(name);
        if (scalar != null) {
            return new ValueType.Scalar(scalar, javaType);
        }
        if (element.getKind() == ElementKind.ENUM) {
            return new ValueType.Scalar(ScalarKind.ENUM, javaType);
        }
        List<? extends TypeMirror> arguments = type.getTypeArguments();
        switch (name) {
            case "java.util.List":
            case "java.util.Set":
                if (arguments.size() != 1 || arguments.get(0).getKind() != TypeKind.DECLARED
                        && arguments.get(0).getKind() != TypeKind.ARRAY) {
                    return new ValueType.Unsupported(javaType, "a raw or wildcard collection, whose elements are unknown");
                }
                return new ValueType.CollectionOf(name.endsWith("List")
                        ? ValueType.CollectionKind.LIST : ValueType.CollectionKind.SET,
                        classify(arguments.get(0)), javaType);
            case "java.util.Map":
                if (arguments.size() != 2 || arguments.get(1).getKind() != TypeKind.DECLARED
                        && arguments.get(1).getKind() != TypeKind.ARRAY) {
                    return new ValueType.Unsupported(javaType, "a raw or wildcard map, whose values are unknown");
                }
                TypeMirror string = elements.getTypeElement("java.lang.String").asType();
                if (!types.isSameType(arguments.get(0), string)) {
                    return new ValueType.Unsupported(javaType, "a map whose keys are not String (document keys are strings)");
                }
                return new ValueType.MapOf(classify(arguments.get(1)), javaType);
            case "java.lang.Object":
                return new ValueType.Unsupported(javaType, "Object, which says nothing about the stored value");
            default:
                break;
        }
        if (isCollectionOrMap(type)) {
            return new ValueType.Unsupported(javaType,
                    "a collection type other than List, Set or Map; declare the field as one of them");
        }
        if (!arguments.isEmpty()) {
            return new ValueType.Unsupported(javaType,
                    "a generic type other than List, Set or Map, and the registry finds codecs by class alone");
        }
        if (!ABSTRACT_TYPES_WITH_CODECS.contains(name)) {
            if (element.getKind() == ElementKind.INTERFACE) {
                return new ValueType.Unsupported(javaType, "an interface, so nothing says which class to decode");
            }
            if (element.getModifiers().contains(Modifier.ABSTRACT)) {
                return new ValueType.Unsupported(javaType, "an abstract class, so nothing says which class to decode");
            }
        }
        return new ValueType.FromRegistry(javaType, Annotations.has(element, Annotations.EMBEDDED));
    }

    private boolean isCollectionOrMap(DeclaredType type) {
        for (String container : List.of("java.util.Collection", "java.util.Map")) {
            TypeMirror erased = types.erasure(elements.getTypeElement(container).asType());
            if (types.isAssignable(types.erasure(type), erased)) {
                return true;
            }
        }
        return false;
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
