package dev.keysmith.processor.reading;

import com.palantir.javapoet.TypeName;
import dev.keysmith.processor.messages.Reason;
import dev.keysmith.processor.model.Refusal;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.RecordComponentElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * Finds the candidates of a type, the properties as the driver's class model has them before their values are
 * classified: a record's components, or a class's getters, setters and fields as {@link PropertyScan} merges them,
 * with the driver's rules for what is written and what is read, and the shapes the driver refuses collected as
 * {@link Refusal}s.
 *
 * <p>Not thread-safe: confine to one thread.
 */
final class CandidateReader {

    private final Elements elements;
    private final Annotations annotations;
    private final PropertyScan scan;

    CandidateReader(Elements elements, Types types, Annotations annotations) {
        this.elements = elements;
        this.annotations = annotations;
        this.scan = new PropertyScan(types);
    }

    /**
     * Removes the record components marked {@code @BsonIgnore} from {@code candidates}: not stored, and given
     * their default value when decoding (the driver's record codec rejects the annotation; keysmith gives it the
     * meaning it has everywhere else). Returns them by name with their types.
     */
    static Map<String, TypeName> removeIgnored(List<Candidate> candidates) {
        Map<String, TypeName> ignored = new TreeMap<>();
        for (Candidate candidate : candidates) {
            if (candidate.sources().stream().anyMatch(source -> Annotations.has(source, Annotations.BSON_IGNORE))) {
                ignored.put(candidate.name(), TypeName.get(candidate.type()));
            }
        }
        candidates.removeIf(candidate -> ignored.containsKey(candidate.name()));
        return ignored;
    }

    List<Candidate> recordCandidates(TypeElement type) {
        Map<String, VariableElement> fields = new HashMap<>();
        for (VariableElement field : ElementFilter.fieldsIn(type.getEnclosedElements())) {
            fields.put(field.getSimpleName().toString(), field);
        }
        List<Candidate> candidates = new ArrayList<>();
        for (RecordComponentElement component : type.getRecordComponents()) {
            String name = component.getSimpleName().toString();
            VariableElement field = fields.get(name);
            List<Element> sources = new ArrayList<>();
            sources.add(component);
            sources.add(component.getAccessor());
            if (field != null) {
                sources.add(field);
            }
            // javac places the implicit field where the component is written; the component itself has no position.
            candidates.add(new Candidate(name, component.asType(), field, component.getAccessor(), null, sources,
                    sources, true, true, field != null ? field : component));
        }
        return candidates;
    }

    /**
     * The properties of a class by the driver's rules ({@link PropertyScan}): written when it has a getter (and no
     * static or transient field) or a field the codec can read, read when it has a setter (and no final, static or
     * transient field) or a non-final field the codec can set; {@code @BsonIgnore} on the getter's side leaves it
     * out of documents, on the setter's side out of decoding, on the field out of both. A property neither
     * written nor read is no property. The shapes the driver refuses are added to {@code refusals}.
     */
    List<Candidate> classCandidates(TypeElement type, List<Refusal> refusals) {
        List<Candidate> candidates = new ArrayList<>();
        for (PropertyScan.Found found : scan.scan(type).values()) {
            VariableElement field = found.field;
            boolean fieldStored = field != null && !modifiers(field).contains(Modifier.STATIC)
                    && !modifiers(field).contains(Modifier.TRANSIENT);
            boolean fieldFinal = field != null && modifiers(field).contains(Modifier.FINAL);
            boolean encoded = found.getter != null ? field == null || fieldStored
                    : fieldStored && accessible(type, field);
            boolean decoded = found.setter != null ? field == null || fieldStored && !fieldFinal
                    : fieldStored && !fieldFinal && accessible(type, field);
            if (!encoded && !decoded) {
                continue;
            }
            List<Element> encodeSources = present(found.getter, field);
            List<Element> decodeSources = present(found.setter, field);
            Element reportOn = field != null ? field : found.getter != null ? found.getter : found.setter;
            duplicateAnnotations(found.name, found.getter, field, refusals);
            duplicateAnnotations(found.name, found.setter, field, refusals);
            boolean encodeIgnored = encodeSources.stream().anyMatch(source -> Annotations.has(source,
                    Annotations.BSON_IGNORE));
            boolean decodeIgnored = decodeSources.stream().anyMatch(source -> Annotations.has(source,
                    Annotations.BSON_IGNORE));
            if (!encoded && !decodeIgnored) {
                // The driver finds the property but cannot write it: encoding any instance fails.
                refusals.add(new Refusal(reportOn, Refusal.Rule.WRITE_ONLY, List.of(found.name,
                        found.setter == null ? Reason.FIELD.format(found.name) : found.setter.getSimpleName() + "()",
                        getterName(found.name))));
                continue;
            }
            encoded &= !encodeIgnored;
            decoded &= !decodeIgnored;
            if (!encoded && !decoded) {
                continue;
            }
            if (found.conflict != null) {
                refusals.add(new Refusal(found.conflict, Refusal.Rule.TYPE_CONFLICT, List.of(found.name,
                        found.conflict.getSimpleName() + "()", TypeName.get(found.conflictType).toString(),
                        TypeName.get(found.type).toString())));
            }
            String encodeName = renamed(encodeSources);
            String decodeName = renamed(decodeSources);
            if (encoded && decoded && !Objects.equals(encodeName, decodeName)) {
                Element getterSide = renamedBy(encodeSources, reportOn);
                Element setterSide = renamedBy(decodeSources, reportOn);
                String where = encodeName != null && decodeName != null
                        ? Reason.BOTH_SIDES.format( describe(getterSide), describe(setterSide))
                        : Reason.ONE_SIDE.format(
                                describe(encodeName != null ? getterSide : setterSide));
                refusals.add(new Refusal(encodeName != null ? getterSide : setterSide, Refusal.Rule.NAME_MISMATCH,
                        List.of(found.name, encodeName == null ? found.name : encodeName,
                                decodeName == null ? found.name : decodeName, where)));
            }
            candidates.add(new Candidate(found.name, found.type, field, found.getter, found.setter, encodeSources,
                    decodeSources, encoded, decoded, reportOn));
        }
        return candidates;
    }

    /** The element among {@code sources} that carries the {@code @BsonProperty}, else {@code fallback}. */
    private static Element renamedBy(List<Element> sources, Element fallback) {
        return sources.stream().filter(source -> Annotations.has(source, Annotations.BSON_PROPERTY)).findFirst()
                .orElse(fallback);
    }

    /** An accessor as messages name it ({@code getTitle()}), or a field ({@code the field 'title'}). */
    private static String describe(Element element) {
        return element.getKind() == ElementKind.METHOD ? element.getSimpleName() + "()"
                : Reason.THE_FIELD.format(element.getSimpleName());
    }

    private static List<Element> present(Element first, Element second) {
        List<Element> present = new ArrayList<>(2);
        if (first != null) {
            present.add(first);
        }
        if (second != null) {
            present.add(second);
        }
        return present;
    }

    /**
     * The driver refuses a class whose field and accessor carry one of its annotations with different values (it
     * keeps one annotation of each type per side, and accepts the same one twice).
     */
    private void duplicateAnnotations(String name, ExecutableElement accessor, VariableElement field,
            List<Refusal> refusals) {
        if (accessor == null || field == null) {
            return;
        }
        for (AnnotationMirror mirror : accessor.getAnnotationMirrors()) {
            String annotation = ((TypeElement) mirror.getAnnotationType().asElement()).getQualifiedName().toString();
            Optional<AnnotationMirror> onField = annotation.startsWith(Annotations.DRIVER_ANNOTATIONS)
                    ? Annotations.find(field, annotation) : Optional.empty();
            if (onField.isPresent() && !annotations.sameValues(mirror, onField.get())) {
                refusals.add(new Refusal(accessor, Refusal.Rule.DUPLICATE_ANNOTATION, List.of(
                        "@" + mirror.getAnnotationType().asElement().getSimpleName(), name,
                        accessor.getSimpleName() + "()")));
            }
        }
    }

    /** The non-empty {@code @BsonProperty} name among {@code sources}, else null. */
    static String renamed(List<Element> sources) {
        for (Element source : sources) {
            Optional<AnnotationMirror> rename = Annotations.find(source, Annotations.BSON_PROPERTY);
            if (rename.isPresent()) {
                AnnotationValue value = Annotations.explicitValue(rename.get(), "value");
                if (value != null && !((String) value.getValue()).isEmpty()) {
                    return (String) value.getValue();
                }
            }
        }
        return null;
    }

    static String getterName(String property) {
        return "get" + Character.toUpperCase(property.charAt(0)) + property.substring(1);
    }

    /**
     * The field's modifiers as compiled: Lombok's {@code @Value} makes the fields of its class private (unless
     * they say otherwise or carry {@code @PackagePrivate}) and final (unless {@code @NonFinal}) by changing the
     * syntax tree, which the element does not show.
     */
    static Set<Modifier> modifiers(VariableElement field) {
        Set<Modifier> modifiers = field.getModifiers();
        Element declaring = field.getEnclosingElement();
        if (modifiers.contains(Modifier.STATIC) || !Annotations.has(declaring, "lombok.Value")) {
            return modifiers;
        }
        Set<Modifier> effective = EnumSet.noneOf(Modifier.class);
        effective.addAll(modifiers);
        if (!modifiers.contains(Modifier.PUBLIC) && !modifiers.contains(Modifier.PROTECTED)
                && !Annotations.has(field, "lombok.experimental.PackagePrivate")) {
            effective.add(Modifier.PRIVATE);
        }
        if (!Annotations.has(field, "lombok.experimental.NonFinal")) {
            effective.add(Modifier.FINAL);
        }
        return effective;
    }

    /** Whether code in {@code type}'s package can use {@code field} directly. */
    private boolean accessible(TypeElement type, VariableElement field) {
        if (field == null) {
            return false;
        }
        Set<Modifier> modifiers = modifiers(field);
        if (modifiers.contains(Modifier.PRIVATE)) {
            return false;
        }
        return modifiers.contains(Modifier.PUBLIC)
                || elements.getPackageOf(field).equals(elements.getPackageOf(type));
    }
}
