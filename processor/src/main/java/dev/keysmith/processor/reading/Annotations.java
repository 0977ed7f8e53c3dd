package dev.keysmith.processor.reading;

import dev.keysmith.processor.messages.Reason;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/** Reads annotations through their mirrors, by qualified name, so that no annotation class is loaded.
 *
 * <p>Thread-safe (stateless).
 */
public final class Annotations {

    public static final String DOCUMENT = "dev.keysmith.annotations.Document";
    public static final String EMBEDDED = "dev.keysmith.annotations.Embedded";
    public static final String GENERATED_OBJECT_ID = "dev.keysmith.annotations.GeneratedObjectId";
    public static final String SEQUENCE = "dev.keysmith.annotations.Sequence";
    public static final String UUID_ID = "dev.keysmith.annotations.UuidId";
    public static final String RANDOM_ID = "dev.keysmith.annotations.RandomId";
    /** The package of the driver's POJO annotations, with its dot. */
    public static final String DRIVER_ANNOTATIONS = "org.bson.codecs.pojo.annotations.";
    public static final String BSON_PROPERTY = "org.bson.codecs.pojo.annotations.BsonProperty";
    public static final String BSON_IGNORE = "org.bson.codecs.pojo.annotations.BsonIgnore";
    public static final String BSON_ID = "org.bson.codecs.pojo.annotations.BsonId";
    public static final String BSON_DISCRIMINATOR = "org.bson.codecs.pojo.annotations.BsonDiscriminator";
    public static final String BSON_CREATOR = "org.bson.codecs.pojo.annotations.BsonCreator";
    public static final String BSON_REPRESENTATION = "org.bson.codecs.pojo.annotations.BsonRepresentation";
    /** bson 4.6 and later; read by name, so that an older driver without it changes nothing. */
    public static final String BSON_EXTRA_ELEMENTS = "org.bson.codecs.pojo.annotations.BsonExtraElements";
    public static final String JAKARTA_ENTITY = "jakarta.persistence.Entity";
    public static final String JAVAX_ENTITY = "javax.persistence.Entity";

    private final Elements elements;
    private final Types types;

    public Annotations(Elements elements, Types types) {
        this.elements = elements;
        this.types = types;
    }

    /** The annotation named {@code qualifiedName} on {@code element}, if present. */
    public static Optional<AnnotationMirror> find(Element element, String qualifiedName) {
        if (element == null) {
            return Optional.empty();
        }
        for (AnnotationMirror mirror : element.getAnnotationMirrors()) {
            TypeElement annotationType = (TypeElement) mirror.getAnnotationType().asElement();
            if (annotationType.getQualifiedName().contentEquals(qualifiedName)) {
                return Optional.of(mirror);
            }
        }
        return Optional.empty();
    }

    public static boolean has(Element element, String qualifiedName) {
        return find(element, qualifiedName).isPresent();
    }

    /** The value of attribute {@code name}, the declared default when it is not written. */
    public AnnotationValue value(AnnotationMirror mirror, String name) {
        for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> entry
                : elements.getElementValuesWithDefaults(mirror).entrySet()) {
            if (entry.getKey().getSimpleName().contentEquals(name)) {
                return entry.getValue();
            }
        }
        throw new IllegalArgumentException(Reason.NO_ATTRIBUTE.format(mirror, name));
    }

    /**
     * Whether two mirrors of one annotation type have equal values, defaults included, as {@code equals} of the
     * annotation instances has it at run time.
     */
    public boolean sameValues(AnnotationMirror first, AnnotationMirror second) {
        Map<? extends ExecutableElement, ? extends AnnotationValue> firstValues =
                elements.getElementValuesWithDefaults(first);
        Map<? extends ExecutableElement, ? extends AnnotationValue> secondValues =
                elements.getElementValuesWithDefaults(second);
        for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> entry : firstValues.entrySet()) {
            AnnotationValue other = secondValues.get(entry.getKey());
            if (other == null || !sameValue(entry.getValue().getValue(), other.getValue())) {
                return false;
            }
        }
        return firstValues.size() == secondValues.size();
    }

    private boolean sameValue(Object first, Object second) {
        if (first instanceof List<?> firstList && second instanceof List<?> secondList) {
            if (firstList.size() != secondList.size()) {
                return false;
            }
            for (int i = 0; i < firstList.size(); i++) {
                if (!sameValue(((AnnotationValue) firstList.get(i)).getValue(),
                        ((AnnotationValue) secondList.get(i)).getValue())) {
                    return false;
                }
            }
            return true;
        }
        if (first instanceof AnnotationMirror firstMirror && second instanceof AnnotationMirror secondMirror) {
            return firstMirror.getAnnotationType().asElement().equals(secondMirror.getAnnotationType().asElement())
                    && sameValues(firstMirror, secondMirror);
        }
        if (first instanceof VariableElement firstConstant && second instanceof VariableElement secondConstant) {
            return firstConstant.equals(secondConstant);
        }
        if (first instanceof TypeMirror firstType && second instanceof TypeMirror secondType) {
            return types.isSameType(firstType, secondType);
        }
        return first.equals(second);
    }

    /** The value of attribute {@code name} if it is written in the source, else null (the default applies). */
    public static AnnotationValue explicitValue(AnnotationMirror mirror, String name) {
        for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> entry
                : mirror.getElementValues().entrySet()) {
            if (entry.getKey().getSimpleName().contentEquals(name)) {
                return entry.getValue();
            }
        }
        return null;
    }

    /**
     * The superclass of {@code type} whose members and annotations keysmith reads, or {@code null} at the top:
     * {@code Object}, {@code Record} and {@code Enum} hold nothing of an entity's.
     */
    public static TypeElement superclass(TypeElement type) {
        TypeMirror superclass = type.getSuperclass();
        if (superclass.getKind() != TypeKind.DECLARED) {
            return null;
        }
        TypeElement element = (TypeElement) ((DeclaredType) superclass).asElement();
        String name = element.getQualifiedName().toString();
        return name.equals("java.lang.Object") || name.equals("java.lang.Record") || name.equals("java.lang.Enum")
                ? null : element;
    }
}
