package dev.keysmith.processor.reading;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.ParameterizedTypeName;
import dev.keysmith.processor.model.Property;
import dev.keysmith.processor.model.TypeModel;
import dev.keysmith.processor.model.ValueType;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Elements;

/**
 * Finds the types to write codecs for, round after round: the entities (an id annotation, inherited ones
 * included, or {@code @Document}) and {@code @Embedded} types of each round, the types deferred from the round
 * before, and the source types that a model's values refer to. Keeps what it learnt across rounds by qualified
 * name only, never as elements.
 *
 * <p>How its parts fit: {@link #startRound} gives the round's first types; the processor takes each through
 * {@link #claim} (once per compilation), {@link #leavesOut} (JPA entities, mapped superclasses),
 * {@link #waitsForLombok} and, when a type cannot be read yet, {@link #defer}; after writing a codec it queues
 * {@link #referencedSourceTypes}. {@link #sourceClasses} gives the model reader this compilation's classes.
 *
 * <p>Not thread-safe: confine to one thread (javac runs processors on one).
 */
public final class TypeDiscovery {

    private static final List<String> TRIGGERS = List.of(Annotations.DOCUMENT, Annotations.EMBEDDED,
            Annotations.GENERATED_OBJECT_ID, Annotations.SEQUENCE, Annotations.UUID_ID, Annotations.RANDOM_ID);

    private final Elements elements;
    /** Types whose field types were not defined yet, by qualified name; never elements across rounds. */
    private final Set<String> deferred = new LinkedHashSet<>();
    /** Types with Lombok annotations already deferred once, so that Lombok has run on them. */
    private final Set<String> waitedForLombok = new HashSet<>();
    /** Every type a codec was written for (or is being written), by qualified name. */
    private final Set<String> handled = new LinkedHashSet<>();
    /** The top-level types of this compilation's sources, by qualified name, over every round. */
    private final Set<String> sourceTypes = new HashSet<>();

    public TypeDiscovery(Elements elements) {
        this.elements = elements;
    }

    /**
     * Notes the round's sources and returns its first types: those deferred from the round before, then the
     * entities and embedded types of the round.
     */
    public List<TypeElement> startRound(RoundEnvironment round) {
        for (Element root : round.getRootElements()) {
            if (root instanceof TypeElement rootType) {
                sourceTypes.add(rootType.getQualifiedName().toString());
            }
        }
        Map<String, TypeElement> types = new LinkedHashMap<>();
        for (String name : deferred) {
            TypeElement type = elements.getTypeElement(name);
            if (type != null) {
                types.put(name, type);
            }
        }
        deferred.clear();
        for (TypeElement type : annotatedTypes(round)) {
            types.putIfAbsent(type.getQualifiedName().toString(), type);
        }
        return new ArrayList<>(types.values());
    }

    /** Whether {@code type} is seen for the first time in this compilation (and is now taken). */
    public boolean claim(TypeElement type) {
        return handled.add(type.getQualifiedName().toString());
    }

    /** Reads {@code type} again in the next round, as if never seen. */
    public void defer(TypeElement type) {
        String name = type.getQualifiedName().toString();
        deferred.add(name);
        handled.remove(name);
    }

    /** A JPA entity without {@code @Document}, or a mapped superclass: no codec, no error. */
    public boolean leavesOut(TypeElement type) {
        return isLeftToJpa(type) || isMappedSuperclass(type);
    }

    /**
     * Defers {@code type} once if Lombok annotations may add accessors to it: Lombok adds getters, setters and
     * constructors in the round that first sees the type, possibly after keysmith, so the type is read one round
     * later, when they exist whatever the order of the processors.
     */
    public boolean waitsForLombok(TypeElement type, boolean lastRound) {
        if (!lastRound && usesLombok(type) && waitedForLombok.add(type.getQualifiedName().toString())) {
            defer(type);
            return true;
        }
        return false;
    }

    /**
     * The classes and records that {@code model}'s values are of and that are compiled here (they have source),
     * so that a nested type without {@code @Embedded} gets its codec like the rest: never a run-time
     * "Can't find a codec" for a type the processor could see.
     */
    public List<TypeElement> referencedSourceTypes(TypeModel model) {
        List<TypeElement> found = new ArrayList<>();
        for (Property property : model.allProperties()) {
            collect(property.type(), found);
        }
        if (model.subclasses() != null) {
            collect(model.subclasses(), found);
        }
        return found;
    }

    private void collect(ValueType type, List<TypeElement> found) {
        if (type instanceof ValueType.FromRegistry registry && registry.javaType() instanceof ClassName name) {
            TypeElement element = elements.getTypeElement(name.canonicalName());
            if (element != null && isCompiledHere(element) && !handled.contains(name.canonicalName())
                    && (element.getKind() == ElementKind.CLASS || element.getKind() == ElementKind.RECORD)) {
                found.add(element);
            }
        } else if (type instanceof ValueType.Rediscriminated rediscriminated) {
            collect(rediscriminated.generic() != null ? rediscriminated.generic()
                    : new ValueType.FromRegistry(rediscriminated.javaType(), false), found);
        } else if (type instanceof ValueType.Parameterized parameterized) {
            ClassName raw = ((ParameterizedTypeName) parameterized.javaType()).rawType();
            collect(new ValueType.FromRegistry(raw, false), found);
            for (ValueType argument : parameterized.arguments()) {
                collect(argument, found);
            }
        } else if (type instanceof ValueType.Polymorphic polymorphic) {
            for (ClassName name : polymorphic.classes().values()) {
                TypeElement element = elements.getTypeElement(name.canonicalName());
                if (element != null && isCompiledHere(element) && !handled.contains(name.canonicalName())) {
                    found.add(element);
                }
            }
        } else if (type instanceof ValueType.CollectionOf collection) {
            collect(collection.element(), found);
        } else if (type instanceof ValueType.ArrayOf array) {
            collect(array.element(), found);
        } else if (type instanceof ValueType.MapOf map) {
            collect(map.value(), found);
        }
    }

    /** The classes of this compilation's sources, nested ones included, looked up in the current round. */
    public List<TypeElement> sourceClasses() {
        List<TypeElement> classes = new ArrayList<>();
        for (String name : sourceTypes) {
            TypeElement type = elements.getTypeElement(name);
            if (type != null) {
                addWithNested(type, classes);
            }
        }
        return classes;
    }

    private static void addWithNested(TypeElement type, List<TypeElement> classes) {
        classes.add(type);
        for (Element member : type.getEnclosedElements()) {
            if (member instanceof TypeElement nested) {
                addWithNested(nested, classes);
            }
        }
    }

    /** Whether {@code type} is one of the sources of this compilation, not a class from a library. */
    private boolean isCompiledHere(TypeElement type) {
        Element outermost = type;
        while (outermost.getEnclosingElement() instanceof TypeElement enclosing) {
            outermost = enclosing;
        }
        return sourceTypes.contains(((TypeElement) outermost).getQualifiedName().toString());
    }

    /**
     * An abstract class that holds the id (and common fields) but is no {@code @Document} or {@code @Embedded}
     * is a mapped superclass: its subclasses are the entities, and read its fields as their own.
     */
    private static boolean isMappedSuperclass(TypeElement type) {
        return type.getKind() == ElementKind.CLASS && type.getModifiers().contains(Modifier.ABSTRACT)
                && !Annotations.has(type, Annotations.DOCUMENT) && !Annotations.has(type, Annotations.EMBEDDED);
    }

    /** A JPA entity without {@code @Document} belongs to Hibernate: no codec, no error. */
    private static boolean isLeftToJpa(TypeElement type) {
        return (Annotations.has(type, Annotations.JAKARTA_ENTITY) || Annotations.has(type, Annotations.JAVAX_ENTITY))
                && !Annotations.has(type, Annotations.DOCUMENT);
    }

    /** Whether a superclass of {@code type} carries an id annotation, so that {@code type} is an entity too. */
    private static boolean inheritsId(TypeElement type) {
        for (TypeElement current = Annotations.superclass(type); current != null;
                current = Annotations.superclass(current)) {
            for (Element member : current.getEnclosedElements()) {
                for (String annotation : IdReader.ID_ANNOTATIONS) {
                    if (Annotations.has(member, annotation)) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    /** The concrete classes among {@code elements} (nested ones included) that inherit an id annotation. */
    private static void addClassesInheritingIds(Iterable<? extends Element> elements, Set<TypeElement> types) {
        for (Element element : elements) {
            if (element.getKind() == ElementKind.CLASS) {
                TypeElement type = (TypeElement) element;
                if (!type.getModifiers().contains(Modifier.ABSTRACT) && inheritsId(type)) {
                    types.add(type);
                }
            }
            if (element instanceof TypeElement) {
                addClassesInheritingIds(element.getEnclosedElements(), types);
            }
        }
    }

    /** Whether Lombok annotations on the type, its superclasses or their members may add accessors. */
    private static boolean usesLombok(TypeElement type) {
        for (TypeElement current = type; current != null; current = Annotations.superclass(current)) {
            if (hasLombokAnnotation(current)) {
                return true;
            }
            for (Element member : current.getEnclosedElements()) {
                if (member.getKind() == ElementKind.FIELD && hasLombokAnnotation(member)) {
                    return true;
                }
            }
        }
        return false;
    }

    private static boolean hasLombokAnnotation(Element element) {
        for (AnnotationMirror mirror : element.getAnnotationMirrors()) {
            if (((TypeElement) mirror.getAnnotationType().asElement()).getQualifiedName().toString()
                    .startsWith("lombok.")) {
                return true;
            }
        }
        return false;
    }

    /** The entities and embedded types of this round: annotated types, and the types that hold an id annotation. */
    private Set<TypeElement> annotatedTypes(RoundEnvironment round) {
        Set<TypeElement> triggers = new LinkedHashSet<>();
        for (String name : TRIGGERS) {
            TypeElement annotation = elements.getTypeElement(name);
            if (annotation != null) {
                triggers.add(annotation);
            }
        }
        Set<TypeElement> types = new LinkedHashSet<>();
        if (!triggers.isEmpty()) {
            // One scan of the round's elements for all the triggers, not one per trigger.
            for (Element element : round.getElementsAnnotatedWithAny(triggers.toArray(TypeElement[]::new))) {
                TypeElement type = enclosingType(element);
                if (type != null) {
                    types.add(type);
                }
            }
        }
        addClassesInheritingIds(round.getRootElements(), types);
        return types;
    }

    private static TypeElement enclosingType(Element element) {
        Element current = element;
        while (current != null && !(current instanceof TypeElement)) {
            current = current.getEnclosingElement();
        }
        if (current != null && current.getKind() == ElementKind.ANNOTATION_TYPE) {
            return null;
        }
        return (TypeElement) current;
    }
}
