package dev.keysmith.processor;

import com.google.auto.service.AutoService;
import dev.keysmith.processor.messages.Message;
import dev.keysmith.processor.messages.Reporter;
import dev.keysmith.processor.model.TypeModel;
import dev.keysmith.processor.reading.Annotations;
import dev.keysmith.processor.reading.ModelReader;
import dev.keysmith.processor.validation.Validator;
import dev.keysmith.processor.writing.CodecWriter;
import dev.keysmith.processor.writing.ServiceFileWriter;
import java.io.IOException;
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
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.TypeElement;

/**
 * The keysmith annotation processor: for every entity (a class or record with an id annotation, or
 * {@code @Document}) and every {@code @Embedded} type, reads the source into a model, validates it and writes a
 * codec; lists every codec factory for {@code ServiceLoader}. A JPA entity without {@code @Document} is left to
 * Hibernate. Claims no annotation.
 *
 * <p>Not thread-safe: confine to one thread (javac runs processors on one).
 */
@AutoService(Processor.class)
public final class KeysmithProcessor extends AbstractProcessor {

    private static final List<String> TRIGGERS = List.of(Annotations.DOCUMENT, Annotations.EMBEDDED,
            Annotations.GENERATED_OBJECT_ID, Annotations.SEQUENCE, Annotations.UUID_ID, Annotations.RANDOM_ID);

    /** Types whose field types were not defined yet, by qualified name; never elements across rounds. */
    private final Set<String> deferred = new LinkedHashSet<>();
    /** Every factory written in this compilation, by binary name, with the entity it comes from. */
    private final Map<String, String> factories = new TreeMap<>();

    @Override
    public Set<String> getSupportedAnnotationTypes() {
        return Set.copyOf(TRIGGERS);
    }

    @Override
    public SourceVersion getSupportedSourceVersion() {
        return SourceVersion.latestSupported();
    }

    @Override
    public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
        Reporter reporter = new Reporter(processingEnv.getMessager());
        ModelReader reader = new ModelReader(processingEnv.getElementUtils(), processingEnv.getTypeUtils());
        Validator validator = new Validator(reporter);
        CodecWriter writer = new CodecWriter(getClass().getName(),
                processingEnv.getElementUtils().getTypeElement("javax.annotation.processing.Generated") != null);

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
        for (TypeElement type : types.values()) {
            try {
                process(type, reader, validator, writer, reporter, round.processingOver());
            } catch (RuntimeException e) {
                reporter.error(type, Message.INTERNAL_ERROR, type.getQualifiedName(), e);
            }
        }
        if (round.processingOver() && !factories.isEmpty()) {
            try {
                new ServiceFileWriter(processingEnv.getFiler()).write(factories.keySet());
            } catch (IOException | RuntimeException e) {
                processingEnv.getMessager().printMessage(javax.tools.Diagnostic.Kind.ERROR,
                        Message.INTERNAL_ERROR.format("the ServiceLoader registration", e));
            }
        }
        return false;
    }

    private void process(TypeElement type, ModelReader reader, Validator validator, CodecWriter writer,
            Reporter reporter, boolean lastRound) {
        if (isLeftToJpa(type)) {
            return;
        }
        ModelReader.Result result = reader.read(type);
        if (result instanceof ModelReader.Undefined undefined) {
            if (lastRound) {
                reporter.error(undefined.field(), Message.UNDEFINED_TYPE, type.getSimpleName(),
                        undefined.fieldName(), undefined.fieldType());
            } else {
                deferred.add(type.getQualifiedName().toString());
            }
            return;
        }
        TypeModel model = ((ModelReader.Read) result).model();
        if (!validator.validate(model)) {
            return;
        }
        try {
            writer.write(model).writeTo(processingEnv.getFiler());
        } catch (IOException e) {
            throw new IllegalStateException("cannot write " + model.codec() + ": " + e.getMessage(), e);
        }
        factories.put(CodecWriter.factoryBinaryName(model), type.getQualifiedName().toString());
    }

    /** A JPA entity without {@code @Document} belongs to Hibernate: no codec, no error. */
    private static boolean isLeftToJpa(TypeElement type) {
        return (Annotations.has(type, Annotations.JAKARTA_ENTITY) || Annotations.has(type, Annotations.JAVAX_ENTITY))
                && !Annotations.has(type, Annotations.DOCUMENT);
    }

    /** The entities and embedded types of this round: annotated types, and the types that hold an id annotation. */
    private Set<TypeElement> annotatedTypes(RoundEnvironment round) {
        Set<TypeElement> types = new LinkedHashSet<>();
        for (String name : TRIGGERS) {
            TypeElement annotation = processingEnv.getElementUtils().getTypeElement(name);
            if (annotation == null) {
                continue;
            }
            for (Element element : round.getElementsAnnotatedWith(annotation)) {
                TypeElement type = enclosingType(element);
                if (type != null) {
                    types.add(type);
                }
            }
        }
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
