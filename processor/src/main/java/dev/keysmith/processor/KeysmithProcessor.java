package dev.keysmith.processor;

import com.google.auto.service.AutoService;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.ParameterizedTypeName;
import dev.keysmith.processor.messages.Message;
import dev.keysmith.processor.messages.Reporter;
import dev.keysmith.processor.model.TypeModel;
import dev.keysmith.processor.reading.Annotations;
import dev.keysmith.processor.reading.ModelReader;
import dev.keysmith.processor.validation.Validator;
import dev.keysmith.processor.writing.CodecWriter;
import dev.keysmith.processor.writing.ServiceFileWriter;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.Processor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;

/**
 * The keysmith annotation processor: for every entity (a class or record with an id annotation, or
 * {@code @Document}) and every {@code @Embedded} type, reads the source into a model, validates it and writes a
 * codec; lists every codec factory for {@code ServiceLoader}. A JPA entity without {@code @Document} is left to
 * Hibernate. Claims keysmith's annotations and the driver's {@code org.bson.codecs.pojo.annotations} (no other
 * processor gives them a meaning), so that {@code -Xlint:all -Werror} builds pass; JPA's only when no other
 * processor is on the processor path, so that none is starved of them.
 *
 * <p>Not thread-safe: confine to one thread (javac runs processors on one).
 */
@AutoService(Processor.class)
public final class KeysmithProcessor extends AbstractProcessor {

    /**
     * The processor option that also writes a {@code ServiceLoader} factory for every codec and lists them in
     * {@code META-INF/services/dev.keysmith.runtime.codec.GeneratedCodecFactory}: for class loaders that cannot
     * see a type's codec next to it. Off by default: each factory is one class more for javac to compile.
     */
    public static final String SERVICE_LOADER_OPTION = "keysmith.serviceLoader";

    private static final List<String> TRIGGERS = List.of(Annotations.DOCUMENT, Annotations.EMBEDDED,
            Annotations.GENERATED_OBJECT_ID, Annotations.SEQUENCE, Annotations.UUID_ID, Annotations.RANDOM_ID);

    /** Types whose field types were not defined yet, by qualified name; never elements across rounds. */
    private final Set<String> deferred = new LinkedHashSet<>();
    /** Types with Lombok annotations already deferred once, so that Lombok has run on them. */
    private final Set<String> waitedForLombok = new HashSet<>();
    /** Every type a codec was written for (or is being written), by qualified name. */
    private final Set<String> handled = new LinkedHashSet<>();
    /** The top-level types of this compilation's sources, by qualified name, over every round. */
    private final Set<String> sourceTypes = new HashSet<>();
    /** Every factory written in this compilation, by binary name, with the entity it comes from. */
    private final Map<String, String> factories = new TreeMap<>();

    /**
     * The annotations this processor claims: its triggers, the rest of keysmith's, and the driver's POJO
     * annotations it reads. Claimed, they no longer make javac warn "No processor claimed any of these
     * annotations" under {@code -Xlint:processing}; so is the {@code @KeysmithGenerated} that the generated codecs
     * carry (javac sees it in the next round). Every claimed annotation has class or runtime retention: Gradle
     * turns every build with an aggregating processor that receives a source-retention one into a full rebuild.
     * JPA's annotations are left unclaimed, so that processors such as Hibernate's metamodel generator still
     * receive them.
     */
    @Override
    public Set<String> getSupportedAnnotationTypes() {
        if (ProcessorPath.holdsOnly(KeysmithProcessor.class, processorPath)) {
            // No other processor is there to receive JPA's annotations (keysmith reads @Entity, to leave JPA entities
            // to Hibernate): claiming them starves nobody, and keeps javac from warning under -Xlint:processing that
            // no processor claimed them. Not "*": Gradle rebuilds everything for an aggregating processor that
            // receives a source-retention annotation such as @Override.
            return Set.of("dev.keysmith.annotations.*", "org.bson.codecs.pojo.annotations.*",
                    "dev.keysmith.runtime.codec.KeysmithGenerated", "jakarta.persistence.*", "javax.persistence.*");
        }
        return Set.of("dev.keysmith.annotations.*", "org.bson.codecs.pojo.annotations.*",
                "dev.keysmith.runtime.codec.KeysmithGenerated");
    }

    /** Where javac found this processor, and any other: the class loader of the processor path. */
    private final ClassLoader processorPath;

    /** The processor as javac's {@code ServiceLoader} creates it. */
    public KeysmithProcessor() {
        this(KeysmithProcessor.class.getClassLoader());
    }

    /** For tests: a processor that looks for other processors in {@code processorPath}. */
    KeysmithProcessor(ClassLoader processorPath) {
        this.processorPath = processorPath;
    }

    @Override
    public Set<String> getSupportedOptions() {
        return Set.of(SERVICE_LOADER_OPTION);
    }

    @Override
    public SourceVersion getSupportedSourceVersion() {
        return SourceVersion.latestSupported();
    }

    @Override
    public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
        Reporter reporter = new Reporter(processingEnv.getMessager());
        ModelReader reader = new ModelReader(processingEnv.getElementUtils(), processingEnv.getTypeUtils(),
                this::sourceClasses);
        Validator validator = new Validator(reporter);
        CodecWriter writer = new CodecWriter(writesFactories());

        for (Element root : round.getRootElements()) {
            if (root instanceof TypeElement rootType) {
                sourceTypes.add(rootType.getQualifiedName().toString());
            }
        }
        Map<String, TypeElement> types = new LinkedHashMap<>();
        for (String name : deferred) {
            TypeElement type = processingEnv.getElementUtils().getTypeElement(name);
            if (type != null) {
                types.put(name, type);
            }
        }
        deferred.clear();
        for (TypeElement type : annotatedTypes(round)) {
            types.putIfAbsent(type.getQualifiedName().toString(), type);
        }
        ArrayDeque<TypeElement> queue = new ArrayDeque<>(types.values());
        while (!queue.isEmpty()) {
            TypeElement type = queue.poll();
            if (!handled.add(type.getQualifiedName().toString())) {
                continue;
            }
            try {
                queue.addAll(process(type, reader, validator, writer, reporter, round.processingOver()));
            } catch (RuntimeException e) {
                reporter.error(type, Message.INTERNAL_ERROR, type.getQualifiedName(), e);
            }
        }
        if (round.processingOver() && !factories.isEmpty()) {
            try {
                new ServiceFileWriter(processingEnv.getFiler()).write(factories.keySet());
            } catch (IOException | RuntimeException e) {
                // On the first entity the file lists, so that the error has a place (a file and a line) to show.
                reporter.error(processingEnv.getElementUtils().getTypeElement(factories.values().iterator().next()),
                        Message.INTERNAL_ERROR, "the ServiceLoader registration " + ServiceFileWriter.PATH, e);
            }
        }
        return true;
    }

    private boolean writesFactories() {
        return Boolean.parseBoolean(processingEnv.getOptions().get(SERVICE_LOADER_OPTION));
    }

    /** Writes the codec of {@code type}; returns the user types its values refer to, which need codecs too. */
    private List<TypeElement> process(TypeElement type, ModelReader reader, Validator validator, CodecWriter writer,
            Reporter reporter, boolean lastRound) {
        if (isLeftToJpa(type) || isMappedSuperclass(type)) {
            return List.of();
        }
        String name = type.getQualifiedName().toString();
        if (!lastRound && usesLombok(type) && waitedForLombok.add(name)) {
            // Lombok adds getters, setters and constructors in the round that first sees the type, possibly after
            // keysmith: read the type one round later, when they exist whatever the order of the processors.
            deferred.add(name);
            handled.remove(name);
            return List.of();
        }
        ModelReader.Result result = reader.read(type);
        if (result instanceof ModelReader.Undefined undefined) {
            if (lastRound) {
                reporter.error(undefined.field(), Message.UNDEFINED_TYPE, type.getSimpleName(),
                        undefined.fieldName(), undefined.fieldType());
            } else {
                deferred.add(type.getQualifiedName().toString());
                handled.remove(type.getQualifiedName().toString());
            }
            return List.of();
        }
        TypeModel model = ((ModelReader.Read) result).model();
        if (!validator.validate(model)) {
            return List.of();
        }
        try {
            writer.write(model).writeTo(processingEnv.getFiler());
        } catch (IOException e) {
            throw new IllegalStateException("cannot write " + model.codec() + ": " + e.getMessage(), e);
        }
        if (model.typeVariables().isEmpty() && writesFactories()) {
            factories.put(CodecWriter.factoryBinaryName(model), type.getQualifiedName().toString());
        }
        return referencedSourceTypes(model);
    }

    /**
     * The classes and records that {@code model}'s values are of and that are compiled here (they have source),
     * so that a nested type without {@code @Embedded} gets its codec like the rest: never a run-time
     * "Can't find a codec" for a type the processor could see.
     */
    private List<TypeElement> referencedSourceTypes(TypeModel model) {
        List<TypeElement> found = new ArrayList<>();
        for (dev.keysmith.processor.model.Property property : model.allProperties()) {
            collect(property.type(), found);
        }
        return found;
    }

    private void collect(dev.keysmith.processor.model.ValueType type, List<TypeElement> found) {
        if (type instanceof dev.keysmith.processor.model.ValueType.FromRegistry registry
                && registry.javaType() instanceof ClassName name) {
            TypeElement element = processingEnv.getElementUtils().getTypeElement(name.canonicalName());
            if (element != null && isCompiledHere(element) && !handled.contains(name.canonicalName())
                    && (element.getKind() == ElementKind.CLASS || element.getKind() == ElementKind.RECORD)) {
                found.add(element);
            }
        } else if (type instanceof dev.keysmith.processor.model.ValueType.Parameterized parameterized) {
            ClassName raw = ((ParameterizedTypeName)
                    parameterized.javaType()).rawType();
            collect(new dev.keysmith.processor.model.ValueType.FromRegistry(raw, false), found);
            for (dev.keysmith.processor.model.ValueType argument : parameterized.arguments()) {
                collect(argument, found);
            }
        } else if (type instanceof dev.keysmith.processor.model.ValueType.Polymorphic polymorphic) {
            for (ClassName name : polymorphic.classes().values()) {
                TypeElement element = processingEnv.getElementUtils().getTypeElement(name.canonicalName());
                if (element != null && isCompiledHere(element) && !handled.contains(name.canonicalName())) {
                    found.add(element);
                }
            }
        } else if (type instanceof dev.keysmith.processor.model.ValueType.CollectionOf collection) {
            collect(collection.element(), found);
        } else if (type instanceof dev.keysmith.processor.model.ValueType.ArrayOf array) {
            collect(array.element(), found);
        } else if (type instanceof dev.keysmith.processor.model.ValueType.MapOf map) {
            collect(map.value(), found);
        }
    }

    /** The classes of this compilation's sources, nested ones included, looked up in the current round. */
    private List<TypeElement> sourceClasses() {
        List<TypeElement> classes = new ArrayList<>();
        for (String name : sourceTypes) {
            TypeElement type = processingEnv.getElementUtils().getTypeElement(name);
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

    /** Whether a superclass of {@code type} carries an id annotation, so that {@code type} is an entity too. */
    private static boolean inheritsId(TypeElement type) {
        for (TypeElement current = Annotations.superclass(type); current != null;
                current = Annotations.superclass(current)) {
            for (Element member : current.getEnclosedElements()) {
                for (String annotation : ModelReader.ID_ANNOTATIONS) {
                    if (Annotations.has(member, annotation)) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    /** The classes of this round's sources, nested ones included. */
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

    /** A JPA entity without {@code @Document} belongs to Hibernate: no codec, no error. */
    private static boolean isLeftToJpa(TypeElement type) {
        return (Annotations.has(type, Annotations.JAKARTA_ENTITY) || Annotations.has(type, Annotations.JAVAX_ENTITY))
                && !Annotations.has(type, Annotations.DOCUMENT);
    }

    /** The entities and embedded types of this round: annotated types, and the types that hold an id annotation. */
    private Set<TypeElement> annotatedTypes(RoundEnvironment round) {
        Set<TypeElement> triggers = new LinkedHashSet<>();
        for (String name : TRIGGERS) {
            TypeElement annotation = processingEnv.getElementUtils().getTypeElement(name);
            if (annotation != null) {
                triggers.add(annotation);
            }
        }
        Set<TypeElement> types = new LinkedHashSet<>();
        // One scan of the round's elements for all the triggers, not one per trigger.
        for (Element element : triggers.isEmpty() ? Set.<Element>of() : round.getElementsAnnotatedWithAny(triggers.toArray(TypeElement[]::new))) {
            TypeElement type = enclosingType(element);
            if (type != null) {
                types.add(type);
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
