package dev.keysmith.runtime.internal;

import dev.keysmith.annotations.GeneratedObjectId;
import dev.keysmith.annotations.RandomId;
import dev.keysmith.annotations.Sequence;
import dev.keysmith.annotations.UuidId;
import dev.keysmith.runtime.SequenceSpec;
import java.lang.annotation.Annotation;
import java.util.List;

/**
 * keysmith's id annotations read at run time and held to the {@link IdRules}: the one place where the front ends
 * that find the annotations by reflection (Hibernate ORM and OGM through {@link JpaIds}, Spring Data MongoDB) learn
 * what an annotation breaks and which {@link SequenceSpec} a {@code @Sequence} declares.
 *
 * <p>Loads {@code keysmith-annotations}, which the runtime has as an optional dependency: only front ends that
 * bring it call this class.
 *
 * <p>Immutable (stateless).
 */
public final class IdAnnotations {

    /** keysmith's id annotations, in the order an attribute's are reported. */
    public static final List<Class<? extends Annotation>> ALL =
            List.of(GeneratedObjectId.class, Sequence.class, UuidId.class, RandomId.class);

    private IdAnnotations() {
    }

    /** The strategy of one of {@link #ALL}. */
    public static IdRules.Strategy strategy(Annotation annotation) {
        return IdRules.Strategy.of(annotation.annotationType().getSimpleName());
    }

    /**
     * Every rule that the id annotations on one attribute break, in the processor's order: two strategies, the
     * type, then the annotation's values.
     *
     * @param annotations the id annotations on the attribute, at least one
     */
    public static List<IdRules.Violation> check(List<Annotation> annotations, String field, Class<?> type) {
        List<IdRules.Violation> violations = IdRules.idType(field,
                annotations.stream().map(IdAnnotations::strategy).toList(), type);
        Annotation annotation = annotations.get(0);
        if (annotation instanceof RandomId random) {
            violations.addAll(IdRules.randomId(random.digits(), random.attempts()));
        } else if (annotation instanceof Sequence sequence) {
            violations.addAll(IdRules.sequence(sequence.batch(), sequence.counters(), sequence.digits(),
                    sequence.start(), intId(type), type.isPrimitive() ? type.getName() : null, field));
        }
        return violations;
    }

    /** The sequence {@code sequence} declares on an id of {@code type}, named {@code defaultName} unless it says. */
    public static SequenceSpec sequenceSpec(Sequence sequence, String defaultName, Class<?> type) {
        String name = sequence.name().isBlank() ? defaultName : sequence.name();
        return new SequenceSpec(name, sequence.batch(), sequence.prefetch(), sequence.counters(), sequence.digits(),
                sequence.start(), intId(type));
    }

    private static boolean intId(Class<?> type) {
        return type == int.class || type == Integer.class;
    }
}
