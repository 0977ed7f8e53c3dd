package dev.keysmith.processor.reading;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Types;

/**
 * What a Kotlin class's stub tells beyond its Java shape. kapt hands the processor Java stubs of Kotlin classes:
 * {@code @kotlin.Metadata} on the class (its strings, {@code d2}, name the members as compiled), the nullability
 * of every reference type as {@code org.jetbrains.annotations.NotNull}/{@code Nullable} on the field, the getter
 * and the constructor parameter, and for a data class the {@code componentN()} and {@code copy(...)} methods,
 * whose parameters are those of the primary constructor. A property of a value class type has no getter in the
 * stub (its name is mangled, {@code getId-IigXpeI} in {@code d2}).
 *
 * <p>Immutable (its elements are valid in the current round only).
 *
 * @param primaryConstructor a data class's primary constructor (the one whose parameters {@code copy} repeats),
 *     else null: the class is not a data class
 * @param mangled the names of the properties whose getter Kotlin mangled (value class types)
 */
record KotlinClass(ExecutableElement primaryConstructor, Set<String> mangled) {

    static final String METADATA = "kotlin.Metadata";
    static final String NOT_NULL = "org.jetbrains.annotations.NotNull";

    /** The Kotlin facts of {@code type}, or null if it is no Kotlin class. */
    static KotlinClass of(TypeElement type, Types types) {
        Optional<AnnotationMirror> metadata = Annotations.find(type, METADATA);
        if (metadata.isEmpty()) {
            return null;
        }
        return new KotlinClass(primaryConstructor(type, types), mangledGetters(metadata.get()));
    }

    boolean isDataClass() {
        return primaryConstructor != null;
    }

    /** Whether Kotlin declares the property of these elements non-null: one of them is {@code @NotNull}. */
    static boolean nonNull(List<? extends Element> elements) {
        return elements.stream().anyMatch(element -> Annotations.has(element, NOT_NULL));
    }

    /** The constructor whose parameter types are those of {@code copy}, when the class has {@code component1()}. */
    private static ExecutableElement primaryConstructor(TypeElement type, Types types) {
        List<ExecutableElement> methods = ElementFilter.methodsIn(type.getEnclosedElements());
        boolean component1 = methods.stream().anyMatch(method -> method.getSimpleName().contentEquals("component1")
                && method.getParameters().isEmpty());
        Optional<ExecutableElement> copy = methods.stream()
                .filter(method -> method.getSimpleName().contentEquals("copy")
                        && !method.getModifiers().contains(Modifier.STATIC))
                .findFirst();
        if (!component1 || copy.isEmpty()) {
            return null;
        }
        for (ExecutableElement constructor : ElementFilter.constructorsIn(type.getEnclosedElements())) {
            if (sameParameters(constructor.getParameters(), copy.get().getParameters(), types)) {
                return constructor;
            }
        }
        return null;
    }

    private static boolean sameParameters(List<? extends VariableElement> one, List<? extends VariableElement> other,
            Types types) {
        if (one.size() != other.size()) {
            return false;
        }
        for (int i = 0; i < one.size(); i++) {
            if (!types.isSameType(one.get(i).asType(), other.get(i).asType())
                    || !one.get(i).getSimpleName().contentEquals(other.get(i).getSimpleName())) {
                return false;
            }
        }
        return true;
    }

    /** The properties named by the mangled getters ({@code getX-hash}, {@code isX-hash}) among the metadata strings. */
    private static Set<String> mangledGetters(AnnotationMirror metadata) {
        Set<String> mangled = new LinkedHashSet<>();
        AnnotationValue strings = Annotations.explicitValue(metadata, "d2");
        if (strings == null || !(strings.getValue() instanceof List<?> values)) {
            return mangled;
        }
        for (Object value : values) {
            String name = String.valueOf(((AnnotationValue) value).getValue());
            int dash = name.indexOf('-');
            int prefix = name.startsWith("get") ? 3 : name.startsWith("is") ? 2 : -1;
            if (dash > prefix + 1 && prefix > 0 && Character.isUpperCase(name.charAt(prefix))) {
                mangled.add(Character.toLowerCase(name.charAt(prefix)) + name.substring(prefix + 1, dash));
            }
        }
        return mangled;
    }
}
