package dev.keysmith.processor;

import dev.keysmith.processor.messages.Reason;
import com.google.auto.service.AutoService;
import dev.keysmith.processor.messages.Message;
import dev.keysmith.processor.messages.Reporter;
import dev.keysmith.processor.model.TypeModel;
import dev.keysmith.processor.reading.ModelReader;
import dev.keysmith.processor.reading.TypeDiscovery;
import dev.keysmith.processor.validation.Validator;
import dev.keysmith.processor.writing.CodecWriter;
import dev.keysmith.processor.writing.ServiceFileWriter;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeMap;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.Processor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.TypeElement;

/**
 * The keysmith annotation processor: for every entity (a class or record with an id annotation, or
 * {@code @Document}) and every {@code @Embedded} type, reads the source into a model, validates it and writes a
 * codec; lists every codec factory for {@code ServiceLoader}. A JPA entity without {@code @Document} is left to
 * Hibernate. Claims keysmith's annotations and the driver's {@code org.bson.codecs.pojo.annotations} (no other
 * processor gives them a meaning), so that {@code -Xlint:all -Werror} builds pass; JPA's only when no other
 * processor is on the processor path, so that none is starved of them.
 *
 * <p>A thin loop over the pipeline: {@link TypeDiscovery} (in {@code reading}) says which types to take, round
 * after round; {@link ModelReader} reads each into a model, {@link Validator} reports what is wrong with it, and
 * {@link CodecWriter} writes its codec; the last round lists the {@code ServiceLoader} factories, if asked for.
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

    /** Which types get codecs, over every round; made in {@link #init}. */
    private TypeDiscovery discovery;
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
    public synchronized void init(ProcessingEnvironment processingEnv) {
        super.init(processingEnv);
        discovery = new TypeDiscovery(processingEnv.getElementUtils());
    }

    @Override
    public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
        Reporter reporter = new Reporter(processingEnv.getMessager());
        ModelReader reader = new ModelReader(processingEnv.getElementUtils(), processingEnv.getTypeUtils(),
                discovery::sourceClasses);
        Validator validator = new Validator(reporter);
        CodecWriter writer = new CodecWriter(writesFactories());

        ArrayDeque<TypeElement> queue = new ArrayDeque<>(discovery.startRound(round));
        while (!queue.isEmpty()) {
            TypeElement type = queue.poll();
            if (!discovery.claim(type)) {
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
                        Message.INTERNAL_ERROR, Reason.SERVICE_FILE.format(ServiceFileWriter.PATH), e);
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
        if (discovery.leavesOut(type) || discovery.waitsForLombok(type, lastRound)) {
            return List.of();
        }
        ModelReader.Result result = reader.read(type);
        if (result instanceof ModelReader.Undefined undefined) {
            if (lastRound) {
                reporter.error(undefined.field(), Message.UNDEFINED_TYPE, type.getSimpleName(),
                        undefined.fieldName(), undefined.fieldType());
            } else {
                discovery.defer(type);
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
            throw new IllegalStateException(Reason.CANNOT_WRITE.format(model.codec(), e.getMessage()), e);
        }
        if (model.typeVariables().isEmpty() && writesFactories()) {
            factories.put(CodecWriter.factoryBinaryName(model), type.getQualifiedName().toString());
        }
        return discovery.referencedSourceTypes(model);
    }
}
