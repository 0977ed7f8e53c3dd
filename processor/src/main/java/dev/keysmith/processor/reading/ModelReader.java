package dev.keysmith.processor.reading;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeVariableName;
import dev.keysmith.processor.model.IdSpec;
import dev.keysmith.processor.model.Property;
import dev.keysmith.processor.model.Refusal;
import dev.keysmith.processor.model.TypeModel;
import dev.keysmith.processor.model.ValueType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * Reads an entity or embedded type into a {@link TypeModel}. Reports nothing: the validator does.
 *
 * <p>{@link #read} runs the readers, each with one job, in this order: {@link CandidateReader} (a record's
 * components, or a class's properties as the driver's class model finds them, and the shapes it refuses),
 * {@link KotlinReader} (a data class's order), {@link CreatorReader} (how decoding creates instances),
 * {@link PropertyReader} (each candidate's stored name, access and {@link ValueType}), {@link IdReader} (the id, the
 * collection, misplaced id annotations), then {@link KotlinReader} again (non-null properties, value classes).
 *
 * <p>Not thread-safe: confine to one thread (javac runs processors on one).
 */
public final class ModelReader {

    private final Types types;
    private final ValueTypes valueTypes;
    private final CandidateReader candidateReader;
    private final CreatorReader creatorReader;
    private final PropertyReader propertyReader;
    private final IdReader idReader;

    /**
     * @param sourceClasses the classes compiled here, nested ones included (where the subclasses of a
     *     {@code @BsonDiscriminator} type are found)
     */
    public ModelReader(Elements elements, Types types, Supplier<List<TypeElement>> sourceClasses) {
        this.types = types;
        Annotations annotations = new Annotations(elements, types);
        this.valueTypes = new ValueTypes(elements, types, sourceClasses);
        this.candidateReader = new CandidateReader(elements, types, annotations);
        this.creatorReader = new CreatorReader(types);
        this.propertyReader = new PropertyReader(elements, types, annotations, valueTypes);
        this.idReader = new IdReader(annotations);
    }

    /** The result of reading one type. */
    public sealed interface Result {
    }

    /** The model of the type. */
    public record Read(TypeModel model) implements Result {
    }

    /** A field's type is not defined yet (it may be generated in a later round); try again then. */
    public record Undefined(Element field, String fieldName, TypeMirror fieldType) implements Result {
    }

    public Result read(TypeElement type) {
        boolean isRecord = type.getKind() == ElementKind.RECORD;
        List<Refusal> refusals = new ArrayList<>();
        List<Candidate> candidates = isRecord ? candidateReader.recordCandidates(type)
                : candidateReader.classCandidates(type, refusals);
        Optional<Candidate> undefined = candidates.stream()
                .filter(candidate -> ValueTypes.isUndefined(candidate.type())).findFirst();
        if (undefined.isPresent()) {
            return new Undefined(undefined.get().reportOn(), undefined.get().name(), undefined.get().type());
        }
        List<String> recordOrder = candidates.stream().map(Candidate::name).toList();
        Map<String, TypeName> unstored = isRecord ? CandidateReader.removeIgnored(candidates) : Map.of();
        KotlinClass kotlin = isRecord ? null : KotlinClass.of(type, types);
        KotlinReader.order(kotlin, candidates);
        CreatorReader.Creation creation = isRecord ? new CreatorReader.Creation(TypeModel.Creation.CONSTRUCTOR,
                recordOrder) : creatorReader.creation(type, candidates, kotlin, refusals);
        List<Property> properties = propertyReader.properties(type, isRecord, candidates, creation);
        String collection = idReader.collectionName(type);
        List<IdSpec> annotated = idReader.annotatedIds(type, candidates, properties, collection);
        Set<String> nonNull = KotlinReader.nonNull(type, kotlin, candidates, refusals);
        List<Element> strays = idReader.strayIds(type, candidates, kotlin);
        IdReader.Placement placement = IdReader.place(type, candidates, properties, annotated, strays);
        ClassName className = ClassName.get(type);
        return new Read(new TypeModel(className, TypeModel.codecName(className),
                new TypeModel.Shape(isRecord, placement.embedded(),
                        type.getTypeParameters().stream().map(TypeVariableName::get).toList()),
                placement.embedded() ? null : collection, new TypeModel.Ids(placement.id(), annotated, strays),
                placement.properties(), new TypeModel.Creator(creation.kind(), creation.order(), creation.factory(),
                        creation.bsonCreator(), creation.unmatched(), Map.copyOf(unstored)),
                new TypeModel.Hierarchy(valueTypes.discriminators().discriminator(type), subclasses(type)), nonNull,
                List.copyOf(refusals), type));
    }

    /**
     * For an abstract {@code @Document} class with {@code @BsonDiscriminator}: its concrete subclasses, which its
     * collection holds; else null (an abstract {@code @Document} without them is reported as such).
     */
    private ValueType.Polymorphic subclasses(TypeElement type) {
        if (type.getKind() != ElementKind.CLASS || !type.getModifiers().contains(Modifier.ABSTRACT)
                || !Annotations.has(type, Annotations.DOCUMENT) || !type.getTypeParameters().isEmpty()) {
            return null;
        }
        return valueTypes.classify(type.asType()) instanceof ValueType.Polymorphic polymorphic ? polymorphic : null;
    }
}
