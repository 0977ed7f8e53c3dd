package dev.keysmith.processor.reading;

import dev.keysmith.processor.messages.Reason;
import dev.keysmith.processor.model.IdSpec;
import dev.keysmith.processor.model.Property;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.util.ElementFilter;

/**
 * Finds the id of a type: the property with one of keysmith's id annotations (and its strategy's settings), else the
 * driver's {@code @BsonId} or {@code id} convention, else none; the id annotations on members that are no
 * property; and the collection the type is stored in.
 *
 * <p>Not thread-safe: confine to one thread.
 */
public final class IdReader {

    /**
     * Where the id went: the type is embedded (no id of its own; a conventional id is its first property, stored
     * as {@code _id}), or an entity whose id (if any) is taken out of its properties and stored as {@code _id}.
     */
    record Placement(boolean embedded, IdSpec id, List<Property> properties) {
    }

    /** The id annotations, by qualified name. */
    public static final List<String> ID_ANNOTATIONS = List.of(Annotations.GENERATED_OBJECT_ID,
            Annotations.SEQUENCE, Annotations.UUID_ID, Annotations.RANDOM_ID);

    private final Annotations annotations;

    IdReader(Annotations annotations) {
        this.annotations = annotations;
    }

    /**
     * The {@code @Document} of {@code type}: its own, else that of the nearest abstract superclass that carries
     * one (a collection of an abstract {@code @BsonDiscriminator} class holds its subclasses).
     */
    static Optional<AnnotationMirror> document(TypeElement type) {
        Optional<AnnotationMirror> own = Annotations.find(type, Annotations.DOCUMENT);
        for (TypeElement current = Annotations.superclass(type); own.isEmpty() && current != null;
                current = Annotations.superclass(current)) {
            if (current.getModifiers().contains(Modifier.ABSTRACT)) {
                own = Annotations.find(current, Annotations.DOCUMENT);
            }
        }
        return own;
    }

    String collectionName(TypeElement type) {
        Optional<AnnotationMirror> document = document(type);
        if (document.isPresent()) {
            String collection = (String) annotations.value(document.get(), "collection").getValue();
            if (!collection.isEmpty()) {
                return collection;
            }
        }
        // The class that carries the @Document names the collection (the abstract base class, for a subclass).
        TypeElement named = type;
        while (!Annotations.has(named, Annotations.DOCUMENT) && Annotations.superclass(named) != null
                && document(Annotations.superclass(named)).isPresent()) {
            named = Annotations.superclass(named);
        }
        String simpleName = named.getSimpleName().toString();
        return Character.toLowerCase(simpleName.charAt(0)) + simpleName.substring(1);
    }

    /**
     * Members of the type and its superclasses that carry an id annotation but are no candidate's source, and
     * parameters that carry one but are no constructor parameter named after a candidate.
     */
    List<Element> strayIds(TypeElement type, List<Candidate> candidates, KotlinClass kotlin) {
        List<Element> strays = new ArrayList<>();
        if (kotlin != null && !kotlin.mangled().isEmpty()) {
            // A value class property is reported as such (KOTLIN_VALUE_CLASS), not as a misplaced annotation.
            candidates = new ArrayList<>(candidates);
            for (String name : kotlin.mangled()) {
                candidates.add(new Candidate(name, null, null, null, null, List.of(KotlinReader.mangledField(type, name)),
                        List.of(), false, false, type));
            }
        }
        for (ExecutableElement executable : ElementFilter.constructorsIn(type.getEnclosedElements())) {
            for (VariableElement parameter : executable.getParameters()) {
                boolean hasId = ID_ANNOTATIONS.stream().anyMatch(id -> Annotations.has(parameter, id));
                if (hasId && candidates.stream().noneMatch(candidate -> candidate.name().equals(
                        parameter.getSimpleName().toString()))) {
                    strays.add(parameter);
                }
            }
        }
        for (ExecutableElement executable : ElementFilter.methodsIn(type.getEnclosedElements())) {
            if (kotlin != null && kotlin.isDataClass() && executable.getSimpleName().contentEquals("copy")) {
                continue; // its parameters repeat the primary constructor's, annotations included
            }
            for (VariableElement parameter : executable.getParameters()) {
                if (ID_ANNOTATIONS.stream().anyMatch(id -> Annotations.has(parameter, id))) {
                    strays.add(parameter);
                }
            }
        }
        for (TypeElement current = type; current != null; current = Annotations.superclass(current)) {
            for (Element member : current.getEnclosedElements()) {
                if (member.getKind() != ElementKind.FIELD && member.getKind() != ElementKind.METHOD) {
                    continue;
                }
                boolean hasId = ID_ANNOTATIONS.stream().anyMatch(id -> Annotations.has(member, id));
                boolean persisted = candidates.stream().anyMatch(candidate -> candidate.sources().contains(member));
                if (hasId && !persisted && !Annotations.has(member, Annotations.BSON_IGNORE)) {
                    strays.add(member);
                }
            }
        }
        return strays;
    }

    /** The id annotations on the candidates, as {@link IdSpec}s of their properties (the same index). */
    List<IdSpec> annotatedIds(TypeElement type, List<Candidate> candidates, List<Property> properties,
            String collection) {
        List<IdSpec> ids = new ArrayList<>();
        for (int i = 0; i < candidates.size(); i++) {
            ids.addAll(idSpecs(type, candidates.get(i), properties.get(i), collection));
        }
        return List.copyOf(ids);
    }

    /**
     * A type with neither {@code @Document} nor an id annotation is read because an entity's value is of it: it
     * is stored as a sub-document, as with {@code @Embedded}. An id annotation on a member that is no property makes
     * it an entity whose id is misplaced (reported). The driver's conventions make {@code id} (or a {@code @BsonId}
     * property) the {@code _id} of every class, embedded too, and write it first.
     */
    static Placement place(TypeElement type, List<Candidate> candidates, List<Property> read, List<IdSpec> annotated,
            List<Element> strays) {
        List<Property> properties = new ArrayList<>(read);
        boolean embedded = Annotations.has(type, Annotations.EMBEDDED)
                || annotated.isEmpty() && strays.isEmpty() && document(type).isEmpty();
        IdSpec id = embedded ? null : !annotated.isEmpty() ? annotated.get(0) : assignedId(candidates, properties);
        if (id != null) {
            properties.remove(id.property());
            id = new IdSpec(id.property().withBsonName("_id"), id.strategy(), id.annotation(), id.settings());
        } else if (embedded && annotated.isEmpty()) {
            IdSpec embeddedId = assignedId(candidates, properties);
            if (embeddedId != null) {
                properties.remove(embeddedId.property());
                properties.add(0, embeddedId.property().withBsonName("_id"));
            }
        }
        return new Placement(embedded, id, List.copyOf(properties));
    }

    private List<IdSpec> idSpecs(TypeElement type, Candidate candidate, Property property, String collection) {
        List<IdSpec> specs = new ArrayList<>();
        for (String annotationName : ID_ANNOTATIONS) {
            for (Element source : KotlinReader.withParameters(type, candidate)) {
                Optional<AnnotationMirror> mirror = Annotations.find(source, annotationName);
                if (mirror.isPresent()) {
                    specs.add(idSpec(property, annotationName, mirror.get(), collection));
                    break;
                }
            }
        }
        return specs;
    }

    private IdSpec idSpec(Property property, String annotationName, AnnotationMirror mirror, String collection) {
        switch (annotationName) {
            case Annotations.GENERATED_OBJECT_ID:
                return new IdSpec(property, IdSpec.Strategy.OBJECT_ID, mirror, new IdSpec.NoSettings());
            case Annotations.UUID_ID:
                String version = annotations.value(mirror, "version").getValue().toString();
                return new IdSpec(property, IdSpec.Strategy.UUID, mirror,
                        new IdSpec.UuidSettings(version.equals("TIME_ORDERED")));
            case Annotations.RANDOM_ID:
                AnnotationValue digits = annotations.value(mirror, "digits");
                AnnotationValue attempts = annotations.value(mirror, "attempts");
                return new IdSpec(property, IdSpec.Strategy.RANDOM, mirror, new IdSpec.RandomSettings(
                        (Integer) digits.getValue(), Annotations.explicitValue(mirror, "digits"),
                        (Integer) attempts.getValue(), Annotations.explicitValue(mirror, "attempts")));
            default:
                String name = (String) annotations.value(mirror, "name").getValue();
                return new IdSpec(property, IdSpec.Strategy.SEQUENCE, mirror, new IdSpec.SequenceSettings(
                        name.isEmpty() ? collection : name,
                        (Integer) annotations.value(mirror, "batch").getValue(),
                        Annotations.explicitValue(mirror, "batch"),
                        (Boolean) annotations.value(mirror, "prefetch").getValue(),
                        (Integer) annotations.value(mirror, "counters").getValue(),
                        Annotations.explicitValue(mirror, "counters"),
                        (Integer) annotations.value(mirror, "digits").getValue(),
                        Annotations.explicitValue(mirror, "digits"),
                        (Long) annotations.value(mirror, "start").getValue(),
                        Annotations.explicitValue(mirror, "start")));
        }
    }

    /**
     * The id as the driver's conventions find it: the property whose getter or field is marked {@code @BsonId},
     * else the property named {@code _id} or {@code id} unless a {@code @BsonProperty} on it gives it a name of its
     * own (then it is stored under that name, as the driver does). Its value is set by the application.
     */
    static IdSpec assignedId(List<Candidate> candidates, List<Property> properties) {
        for (Candidate candidate : candidates) {
            if (candidate.encodeSources().stream().anyMatch(source -> Annotations.has(source, Annotations.BSON_ID))) {
                return assigned(candidate, properties);
            }
        }
        for (Candidate candidate : candidates) {
            boolean conventional = candidate.name().equals("id") || candidate.name().equals("_id");
            if (conventional && candidate.encodeSources().stream()
                    .noneMatch(source -> Annotations.has(source, Annotations.BSON_PROPERTY))) {
                return assigned(candidate, properties);
            }
        }
        for (Property property : properties) {
            if (property.bsonName().equals("_id")) {
                return new IdSpec(property, IdSpec.Strategy.ASSIGNED, null, new IdSpec.NoSettings());
            }
        }
        return null;
    }

    /** The property of {@code candidate}, found by its Java name, as the application's assigned id. */
    private static IdSpec assigned(Candidate candidate, List<Property> properties) {
        for (Property property : properties) {
            if (property.javaName().equals(candidate.name())) {
                return new IdSpec(property, IdSpec.Strategy.ASSIGNED, null, new IdSpec.NoSettings());
            }
        }
        throw new IllegalStateException(Reason.NO_ID_PROPERTY.format(candidate.name()));
    }
}
