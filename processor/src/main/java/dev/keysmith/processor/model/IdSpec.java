package dev.keysmith.processor.model;

import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;

/**
 * The id of an entity: its property and how its values are made.
 *
 * @param property the id property ({@code bsonName} is {@code _id})
 * @param strategy the strategy, by annotation
 * @param annotation the id annotation, where errors about its attributes are reported (null for assigned ids)
 * @param settings the annotation's attributes
 *
 * <p>Immutable (its elements are valid in the current round only).
 */
public record IdSpec(Property property, Strategy strategy, AnnotationMirror annotation, Settings settings) {

    /**
     * The most digits of {@code @RandomId} and {@code @Sequence}: a {@code long} holds every 18-digit number, not
     * every 19-digit one. The runtime's rule book ({@code IdRules.MAX_DIGITS}) has the same bound; a test holds them
     * equal.
     */
    public static final int MAX_DIGITS = 18;

    /** The strategies, named like {@code dev.keysmith.runtime.codec.IdStrategy}'s constants. */
    public enum Strategy {
        OBJECT_ID("@GeneratedObjectId"),
        SEQUENCE("@Sequence"),
        UUID("@UuidId"),
        RANDOM("@RandomId"),
        ASSIGNED(null);

        private final String annotationName;

        Strategy(String annotationName) {
            this.annotationName = annotationName;
        }

        /** The annotation as users write it, e.g. {@code @Sequence}; null for an assigned id, which has none. */
        public String annotationName() {
            return annotationName;
        }
    }

    /** The attributes of the id annotation. */
    public sealed interface Settings {
    }

    /** No attributes: {@code @GeneratedObjectId} and assigned ids. */
    public record NoSettings() implements Settings {
    }

    /** {@code @UuidId(version)}. */
    public record UuidSettings(boolean timeOrdered) implements Settings {
    }

    /** {@code @RandomId}; the values keep their annotation values so errors point at them. */
    public record RandomSettings(int digits, AnnotationValue digitsValue, int attempts, AnnotationValue attemptsValue)
            implements Settings {
    }

    /**
     * {@code @Sequence}, with {@code name} already defaulted to the collection name.
     */
    public record SequenceSettings(String name, int batch, AnnotationValue batchValue, boolean prefetch, int counters,
            AnnotationValue countersValue, int digits, AnnotationValue digitsValue, long start,
            AnnotationValue startValue) implements Settings {
    }
}
