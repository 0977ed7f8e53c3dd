package dev.keysmith.processor.reading;

import dev.keysmith.processor.model.Refusal;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.util.ElementFilter;

/**
 * What a Kotlin class (a kapt stub, {@link KotlinClass}) changes: a data class's properties in its primary
 * constructor's order, the properties Kotlin declares non-null, the value class properties no Java code can reach,
 * and the constructor parameters that carry a property's annotations.
 *
 * <p>Thread-safe (stateless).
 */
final class KotlinReader {

    private KotlinReader() {
    }

    /**
     * A Kotlin data class's candidates in its primary constructor's order, as the driver's {@code DataClassCodec}
     * writes them; any other property after them, by name.
     */
    static void order(KotlinClass kotlin, List<Candidate> candidates) {
        if (kotlin == null || !kotlin.isDataClass()) {
            return;
        }
        List<String> primary = kotlin.primaryConstructor().getParameters().stream()
                .map(parameter -> parameter.getSimpleName().toString()).toList();
        candidates.sort(Comparator.comparing((Candidate candidate) -> !primary.contains(candidate.name()))
                .thenComparing(candidate -> primary.indexOf(candidate.name())));
    }

    /**
     * The Java names of the reference properties Kotlin declares non-null; adds a refusal for each property of a
     * value class (its getter mangled), candidate or not.
     */
    static Set<String> nonNull(TypeElement type, KotlinClass kotlin, List<Candidate> candidates,
            List<Refusal> refusals) {
        if (kotlin == null) {
            return Set.of();
        }
        Set<String> nonNull = new TreeSet<>();
        for (Candidate candidate : candidates) {
            if (!candidate.type().getKind().isPrimitive() && KotlinClass.nonNull(withParameters(type, candidate))) {
                nonNull.add(candidate.name());
            }
        }
        for (String name : kotlin.mangled()) {
            Element reportOn = candidates.stream().filter(candidate -> candidate.name().equals(name))
                    .map(Candidate::reportOn).findFirst()
                    // No getter in the stub and a private field: the property is no candidate at all.
                    .orElseGet(() -> mangledField(type, name));
            refusals.add(new Refusal(reportOn, Refusal.Rule.KOTLIN_VALUE_CLASS, List.of(
                    type.getSimpleName().toString(), name)));
        }
        return Set.copyOf(nonNull);
    }

    /**
     * The candidate's elements and the constructor parameters named after it: Kotlin puts an annotation written on a
     * constructor property on the parameter (alone before Kotlin 2.4, with {@code @param:}, or with the field).
     */
    static List<Element> withParameters(TypeElement type, Candidate candidate) {
        List<Element> elements = candidate.sources();
        for (ExecutableElement constructor : ElementFilter.constructorsIn(type.getEnclosedElements())) {
            for (VariableElement parameter : constructor.getParameters()) {
                if (parameter.getSimpleName().contentEquals(candidate.name())) {
                    elements.add(parameter);
                }
            }
        }
        return elements;
    }

    /** The private field of a property whose getter Kotlin mangled, else the type. */
    static Element mangledField(TypeElement type, String name) {
        return ElementFilter.fieldsIn(type.getEnclosedElements()).stream()
                .filter(field -> field.getSimpleName().contentEquals(name)).map(Element.class::cast).findFirst()
                .orElse(type);
    }
}
