package dev.keysmith.processor.reading;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.ExecutableType;
import javax.lang.model.type.PrimitiveType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Types;

/**
 * Finds the properties of a class as the driver's {@code PojoCodec} finds them, before any annotation is read.
 *
 * <p>The rules (the driver's class model, learned from its behaviour): the class, then the interfaces it
 * implements (each followed by the interfaces it extends), then its superclass and that class's interfaces, up
 * to {@code Object}, are scanned in that order. In each, the public instance setters ({@code setX} with one
 * parameter) come first, then the public instance getters ({@code getX()} or {@code isX()}, of any type, the
 * letter after the prefix upper case), then every declared field. Each names a property by its name without the
 * prefix, first letter lower case. The first element that names a property gives it its type; a setter or getter
 * whose erased type is neither a subtype nor a supertype of it is a conflict the driver refuses; a field whose
 * erased type is not a subtype of it is an implementation detail and not part of the property. The first setter,
 * getter and field found are kept (a getter overridden in a subclass is the subclass's). Properties are in the
 * order of their names.
 *
 * <p>Not thread-safe: confine to one thread.
 */
final class PropertyScan {

    /** One property: the elements found for it, by the rules above. */
    static final class Found {
        final String name;
        final TypeMirror type;
        VariableElement field;
        ExecutableElement getter;
        ExecutableElement setter;
        /** A setter or getter whose type conflicts with {@link #type}, or null. */
        ExecutableElement conflict;
        TypeMirror conflictType;

        Found(String name, TypeMirror type) {
            this.name = name;
            this.type = type;
        }
    }

    private final Types types;

    PropertyScan(Types types) {
        this.types = types;
    }

    /** The properties of {@code type}, by name. */
    Map<String, Found> scan(TypeElement type) {
        Map<String, Found> found = new TreeMap<>();
        DeclaredType owner = (DeclaredType) type.asType();
        for (TypeElement current : hierarchy(type)) {
            List<ExecutableElement> methods = ElementFilter.methodsIn(current.getEnclosedElements());
            for (ExecutableElement method : methods) {
                if (isAccessor(method) && isSetter(method)) {
                    TypeMirror parameter = memberType(owner, method).getParameterTypes().get(0);
                    Found property = forMethod(found, propertyName(method, 3), parameter, method);
                    if (property.setter == null) {
                        property.setter = method;
                    }
                }
            }
            for (ExecutableElement method : methods) {
                if (isAccessor(method) && isGetter(method)) {
                    String name = propertyName(method, method.getSimpleName().toString().startsWith("is") ? 2 : 3);
                    Found existing = found.get(name);
                    if (existing != null && existing.getter != null) {
                        continue;
                    }
                    Found property = forMethod(found, name, memberType(owner, method).getReturnType(), method);
                    if (property.getter == null) {
                        property.getter = method;
                    }
                }
            }
            for (VariableElement field : ElementFilter.fieldsIn(current.getEnclosedElements())) {
                String name = field.getSimpleName().toString();
                TypeMirror fieldType = field.getModifiers().contains(Modifier.STATIC) ? field.asType()
                        : types.asMemberOf(owner, field);
                Found property = found.computeIfAbsent(name, key -> new Found(key, fieldType));
                if (property.field == null && isAssignableClass(fieldType, property.type)) {
                    property.field = field;
                }
            }
        }
        return found;
    }

    private Found forMethod(Map<String, Found> found, String name, TypeMirror type, ExecutableElement method) {
        Found property = found.computeIfAbsent(name, key -> new Found(key, type));
        if (property.conflict == null && !isAssignableClass(type, property.type)
                && !isAssignableClass(property.type, type)) {
            property.conflict = method;
            property.conflictType = type;
        }
        return property;
    }

    /**
     * Whether a value of {@code from}'s class is one of {@code to}'s, as the driver tests it: type arguments
     * erased, a primitive as its box ({@code int} and {@code Integer} are one type to the driver, {@code int}
     * and {@code long} unrelated ones, though Java widens one into the other).
     */
    private boolean isAssignableClass(TypeMirror from, TypeMirror to) {
        return types.isAssignable(boxed(from), boxed(to));
    }

    private TypeMirror boxed(TypeMirror type) {
        return type.getKind().isPrimitive() ? types.boxedClass((PrimitiveType) type).asType()
                : types.erasure(type);
    }

    /** The class, its interfaces, its superclass and its interfaces, and so on up to {@code Object}. */
    static List<TypeElement> hierarchy(TypeElement type) {
        Set<TypeElement> hierarchy = new LinkedHashSet<>();
        addHierarchy(type, hierarchy);
        return new ArrayList<>(hierarchy);
    }

    private static void addHierarchy(TypeElement type, Set<TypeElement> hierarchy) {
        for (TypeElement current = type; current != null; current = Annotations.superclass(current)) {
            hierarchy.add(current);
            for (TypeMirror implemented : current.getInterfaces()) {
                if (implemented.getKind() == TypeKind.DECLARED) {
                    addHierarchy((TypeElement) ((DeclaredType) implemented).asElement(), hierarchy);
                }
            }
        }
    }

    private ExecutableType memberType(DeclaredType owner, ExecutableElement method) {
        return (ExecutableType) types.asMemberOf(owner, method);
    }

    /** Public, not static: the methods the driver takes for accessors. */
    private static boolean isAccessor(ExecutableElement method) {
        Set<Modifier> modifiers = method.getModifiers();
        return modifiers.contains(Modifier.PUBLIC) && !modifiers.contains(Modifier.STATIC);
    }

    static boolean isGetter(ExecutableElement method) {
        String name = method.getSimpleName().toString();
        if (!method.getParameters().isEmpty() || method.getReturnType().getKind() == TypeKind.VOID) {
            return false;
        }
        return hasPrefix(name, "get") || hasPrefix(name, "is");
    }

    private static boolean isSetter(ExecutableElement method) {
        return method.getParameters().size() == 1 && hasPrefix(method.getSimpleName().toString(), "set");
    }

    private static boolean hasPrefix(String name, String prefix) {
        return name.startsWith(prefix) && name.length() > prefix.length()
                && Character.isUpperCase(name.charAt(prefix.length()));
    }

    private static String propertyName(ExecutableElement method, int prefix) {
        String name = method.getSimpleName().toString();
        return Character.toLowerCase(name.charAt(prefix)) + name.substring(prefix + 1);
    }
}
