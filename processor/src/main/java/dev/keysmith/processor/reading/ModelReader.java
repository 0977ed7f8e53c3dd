package dev.keysmith.processor.reading;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeVariableName;
import dev.keysmith.processor.messages.Message;
import dev.keysmith.processor.model.Access;
import dev.keysmith.processor.model.IdSpec;
import dev.keysmith.processor.model.Property;
import dev.keysmith.processor.model.Refusal;
import dev.keysmith.processor.model.ScalarKind;
import dev.keysmith.processor.model.TypeModel;
import dev.keysmith.processor.model.ValueType;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.RecordComponentElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.ExecutableType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/** Reads an entity or embedded type into a {@link TypeModel}. Reports nothing: the validator does.
 *
 * <p>How its parts fit, in the order {@link #read} runs them: the candidates (a record's components, or a class's
 * properties as {@link PropertyScan} finds them, with the driver's rules for what is written and what is read,
 * and the shapes the driver refuses collected as {@link Refusal}s); the creation (a {@code @BsonCreator}, a
 * constructor without parameters, or one that takes every property); each candidate's {@link Property} (its
 * stored name, how the codec reads and sets it, its {@link ValueType} from {@link ValueTypes}, the
 * discriminator and extra-elements rules); then the id (an id annotation, else the driver's {@code @BsonId} or
 * {@code id} convention, else none).
 *
 * <p>Not thread-safe: confine to one thread (javac runs processors on one).
 */
public final class ModelReader {

    /** The id annotations, by qualified name. */
    public static final List<String> ID_ANNOTATIONS = List.of(Annotations.GENERATED_OBJECT_ID,
            Annotations.SEQUENCE, Annotations.UUID_ID, Annotations.RANDOM_ID);

    private final Elements elements;
    private final Types types;
    private final Annotations annotations;
    private final ValueTypes valueTypes;
    private final PropertyScan scan;

    /**
     * @param sourceClasses the classes compiled here, nested ones included (where the subclasses of a
     *     {@code @BsonDiscriminator} type are found)
     */
    public ModelReader(Elements elements, Types types, java.util.function.Supplier<List<TypeElement>> sourceClasses) {
        this.elements = elements;
        this.types = types;
        this.annotations = new Annotations(elements, types);
        this.valueTypes = new ValueTypes(elements, types, sourceClasses);
        this.scan = new PropertyScan(types);
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

    /**
     * One property and the elements whose annotations count for it, as in the driver's class model: those of its
     * getter and field when it is written to documents ({@code encodeSources}), those of its setter and field when
     * it is read from them ({@code decodeSources}).
     *
     * @param encoded whether the property is written to documents
     * @param decoded whether the property is read from documents
     */
    private record Candidate(String name, TypeMirror type, VariableElement field, ExecutableElement getter,
            ExecutableElement setter, List<Element> encodeSources, List<Element> decodeSources, boolean encoded,
            boolean decoded, Element reportOn) {

        /** Every element of the property. */
        List<Element> sources() {
            List<Element> all = new ArrayList<>(encodeSources);
            for (Element source : decodeSources) {
                if (!all.contains(source)) {
                    all.add(source);
                }
            }
            return all;
        }

        Candidate withType(TypeMirror widened) {
            return new Candidate(name, widened, field, getter, setter, encodeSources, decodeSources, encoded, decoded,
                    reportOn);
        }
    }

    public Result read(TypeElement type) {
        boolean isRecord = type.getKind() == ElementKind.RECORD;
        boolean markedEmbedded = Annotations.has(type, Annotations.EMBEDDED);
        List<Refusal> refusals = new ArrayList<>();
        List<Candidate> candidates = isRecord ? recordCandidates(type) : classCandidates(type, refusals);
        for (Candidate candidate : candidates) {
            if (ValueTypes.isUndefined(candidate.type())) {
                return new Undefined(candidate.reportOn(), candidate.name(), candidate.type());
            }
        }
        List<String> recordOrder = candidates.stream().map(Candidate::name).toList();
        Map<String, TypeName> unstored = new TreeMap<>();
        if (isRecord) {
            for (Candidate candidate : candidates) {
                if (candidate.sources().stream().anyMatch(source -> Annotations.has(source, Annotations.BSON_IGNORE))) {
                    unstored.put(candidate.name(), TypeName.get(candidate.type()));
                }
            }
            candidates.removeIf(candidate -> candidate.sources().stream()
                    .anyMatch(source -> Annotations.has(source, Annotations.BSON_IGNORE)));
        }
        // Classes: the order of the driver's PojoCodecProvider (by Java name, as the scan gives them), so that
        // documents are byte for byte the same; records keep their component order, as the driver's record codec;
        // Kotlin data classes their primary constructor's, as the driver's DataClassCodec (then any other property
        // by name).
        KotlinClass kotlin = isRecord ? null : KotlinClass.of(type, types);
        if (kotlin != null && kotlin.isDataClass()) {
            List<String> primary = kotlin.primaryConstructor().getParameters().stream()
                    .map(parameter -> parameter.getSimpleName().toString()).toList();
            candidates.sort(Comparator.comparing((Candidate candidate) -> !primary.contains(candidate.name()))
                    .thenComparing(candidate -> primary.indexOf(candidate.name())));
        }
        String collection = collectionName(type);
        Creation creation = isRecord ? new Creation(TypeModel.Creation.CONSTRUCTOR, recordOrder)
                : creation(type, candidates, kotlin, refusals);
        List<IdSpec> ids = new ArrayList<>();
        List<Property> properties = new ArrayList<>();
        Set<String> nonNull = new TreeSet<>();
        for (Candidate declared : candidates) {
            Candidate candidate = creation.widened().containsKey(declared.name())
                    ? declared.withType(creation.widened().get(declared.name())) : declared;
            Property property = property(type, isRecord, candidate, creation);
            if (property.extraElements() != null
                    && properties.stream().anyMatch(other -> other.extraElements() != null)) {
                property = new Property(property.javaName(), property.bsonName(), new ValueType.Unsupported(
                        property.type().javaType(), "a second @BsonExtraElements property, and the unknown fields "
                        + "go into one"), property.read(), property.write(), property.fieldIsPrivate(),
                        property.fieldIsFinal(), false, null, property.element());
            }
            ids.addAll(idSpecs(type, candidate, property, collection));
            properties.add(property);
            if (kotlin != null && !candidate.type().getKind().isPrimitive()
                    && KotlinClass.nonNull(withParameters(type, candidate))) {
                nonNull.add(candidate.name());
            }
            if (kotlin != null && kotlin.mangled().contains(candidate.name())) {
                refusals.add(new Refusal(candidate.reportOn(), Refusal.Rule.KOTLIN_VALUE_CLASS, List.of(
                        type.getSimpleName().toString(), candidate.name())));
            }
        }
        if (kotlin != null) {
            for (String name : kotlin.mangled()) {
                if (candidates.stream().noneMatch(candidate -> candidate.name().equals(name))) {
                    // No getter in the stub and a private field: the property is no candidate at all.
                    refusals.add(new Refusal(mangledField(type, name), Refusal.Rule.KOTLIN_VALUE_CLASS,
                            List.of(type.getSimpleName().toString(), name)));
                }
            }
        }
        // A type with neither @Document nor an id annotation is read because an entity's value is of it: it is
        // stored as a sub-document, as with @Embedded. An id annotation on a member that is no property makes it
        // an entity whose id is misplaced (reported).
        List<Element> strayIds = strayIds(type, candidates, kotlin);
        boolean embedded = markedEmbedded
                || ids.isEmpty() && strayIds.isEmpty() && document(type).isEmpty();
        IdSpec id = null;
        if (!embedded) {
            id = !ids.isEmpty() ? ids.get(0) : assignedId(candidates, properties);
        }
        if (id != null) {
            Property idProperty = id.property();
            properties.remove(idProperty);
            id = new IdSpec(idProperty.withBsonName("_id"), id.strategy(), id.annotation(), id.settings());
        } else if (embedded) {
            // The driver's conventions make 'id' (or a @BsonId property) the '_id' of every class, embedded too,
            // and write it first: existing sub-documents hold it as '_id'.
            IdSpec embeddedId = assignedId(candidates, properties);
            if (embeddedId != null && ids.isEmpty()) {
                properties.remove(embeddedId.property());
                properties.add(0, embeddedId.property().withBsonName("_id"));
            }
        }
        ClassName className = ClassName.get(type);
        ClassName codec = TypeModel.codecName(className);
        TypeModel.Shape shape = new TypeModel.Shape(isRecord, embedded,
                type.getTypeParameters().stream().map(TypeVariableName::get).toList());
        TypeModel.Creator creator = new TypeModel.Creator(creation.kind(), creation.order(), creation.factory(),
                creation.bsonCreator(), creation.unmatched(), Map.copyOf(unstored));
        return new Read(new TypeModel(className, codec, shape, embedded ? null : collection,
                new TypeModel.Ids(id, List.copyOf(ids), strayIds), List.copyOf(properties), creator,
                new TypeModel.Hierarchy(valueTypes.discriminator(type), subclasses(type)), Set.copyOf(nonNull),
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

    private String collectionName(TypeElement type) {
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

    private List<Candidate> recordCandidates(TypeElement type) {
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
    private List<Candidate> classCandidates(TypeElement type, List<Refusal> refusals) {
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
                        found.setter == null ? "field '" + found.name + "'" : found.setter.getSimpleName() + "()",
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
                        ? Message.fragment(Message.PROPERTY_NAME_BOTH_SIDES, describe(getterSide), describe(setterSide))
                        : Message.fragment(Message.PROPERTY_NAME_ONE_SIDE,
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
                : "the field '" + element.getSimpleName() + "'";
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
    private static String renamed(List<Element> sources) {
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

    private static String getterName(String property) {
        return "get" + Character.toUpperCase(property.charAt(0)) + property.substring(1);
    }

    /**
     * Members of the type and its superclasses that carry an id annotation but are no candidate's source, and
     * parameters that carry one but are no constructor parameter named after a candidate.
     */
    private List<Element> strayIds(TypeElement type, List<Candidate> candidates, KotlinClass kotlin) {
        List<Element> strays = new ArrayList<>();
        if (kotlin != null && !kotlin.mangled().isEmpty()) {
            // A value class property is reported as such (KOTLIN_VALUE_CLASS), not as a misplaced annotation.
            candidates = new ArrayList<>(candidates);
            for (String name : kotlin.mangled()) {
                candidates.add(new Candidate(name, null, null, null, null, List.of(mangledField(type, name)),
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

    private ExecutableType memberType(TypeElement owner, ExecutableElement method) {
        return (ExecutableType) types.asMemberOf((DeclaredType) owner.asType(), method);
    }

    /**
     * @param widened the properties whose type a creator parameter widens (a getter of {@code ImmutableList<T>}, a
     *     parameter of {@code List<T>}): the parameter's type, as the driver takes it
     */
    private record Creation(TypeModel.Creation kind, List<String> order, TypeModel.Factory factory,
            boolean bsonCreator, VariableElement unmatched, Map<String, TypeMirror> widened) {

        /** A creator refused as the driver refuses it (reported as that, not as a missing constructor). */
        static final Creation REFUSED = new Creation(TypeModel.Creation.REFUSED, List.of());

        Creation(TypeModel.Creation kind, List<String> order) {
            this(kind, order, null, false, null, Map.of());
        }
    }

    /**
     * The {@code @BsonCreator} constructor or static factory method, as the driver reads it: each parameter is the
     * property its {@code @BsonProperty} names (by Java name, else by stored name), or the id with {@code @BsonId},
     * or else the property of the parameter's name; the other properties are set afterwards. A parameter may take
     * the property's type or a supertype of it. Static methods are looked for in the superclasses too; a second
     * creator, or a static one that does not return the class, is refused as the driver refuses it. Null if none.
     */
    private Creation bsonCreator(TypeElement type, List<Candidate> candidates, List<Refusal> refusals) {
        List<ExecutableElement> creators = new ArrayList<>();
        for (ExecutableElement constructor : ElementFilter.constructorsIn(type.getEnclosedElements())) {
            if (Annotations.has(constructor, Annotations.BSON_CREATOR)) {
                creators.add(constructor);
            }
        }
        for (TypeElement current = type; current != null; current = Annotations.superclass(current)) {
            boolean found = false;
            for (ExecutableElement method : ElementFilter.methodsIn(current.getEnclosedElements())) {
                if (method.getModifiers().contains(Modifier.STATIC)
                        && Annotations.has(method, Annotations.BSON_CREATOR)) {
                    creators.add(method);
                    found = true;
                }
            }
            if (found) {
                break;
            }
        }
        if (creators.isEmpty()) {
            return null;
        }
        for (ExecutableElement second : creators.subList(1, creators.size())) {
            refusals.add(new Refusal(second, Refusal.Rule.TWO_CREATORS, List.of(type.getSimpleName().toString(),
                    describe(creators.get(0)), describe(second))));
        }
        ExecutableElement creator = creators.get(0);
        TypeModel.Factory factory = null;
        if (creator.getKind() == ElementKind.METHOD) {
            // The driver's rule: a static creator returns the class that declares it, or a subclass of it.
            TypeElement owner = (TypeElement) creator.getEnclosingElement();
            TypeMirror returned = types.erasure(creator.getReturnType());
            TypeMirror modelType = types.erasure(type.asType());
            if (!types.isAssignable(returned, types.erasure(owner.asType()))) {
                refusals.add(new Refusal(creator, Refusal.Rule.CREATOR_RETURN, List.of(describe(creator),
                        TypeName.get(creator.getReturnType()).toString(), owner.getSimpleName().toString())));
                return Creation.REFUSED;
            }
            if (!types.isAssignable(returned, modelType) && !types.isAssignable(modelType, returned)) {
                refusals.add(new Refusal(creator, Refusal.Rule.CREATOR_RESULT, List.of(describe(creator),
                        TypeName.get(creator.getReturnType()).toString(), type.getSimpleName().toString())));
                return Creation.REFUSED;
            }
            factory = new TypeModel.Factory(ClassName.get(owner), creator.getSimpleName().toString(),
                    !types.isAssignable(returned, modelType));
        }
        List<String> order = new ArrayList<>();
        Map<String, TypeMirror> widened = new HashMap<>();
        for (VariableElement parameter : creator.getParameters()) {
            Candidate match = creatorMatch(parameter, candidates);
            if (match == null && Annotations.has(parameter, Annotations.BSON_ID)) {
                refusals.add(new Refusal(parameter, Refusal.Rule.CREATOR_ID, List.of(
                        parameter.getSimpleName().toString(), type.getSimpleName().toString(),
                        candidates.stream().map(Candidate::name).toList().toString())));
                return Creation.REFUSED;
            }
            if (match == null || !types.isAssignable(match.type(), parameter.asType())) {
                return new Creation(TypeModel.Creation.NONE, List.of(), null, false, parameter, Map.of());
            }
            if (!types.isSameType(match.type(), parameter.asType())) {
                widened.put(match.name(), parameter.asType());
            }
            order.add(match.name());
        }
        return new Creation(TypeModel.Creation.CONSTRUCTOR, order, factory, true, null, Map.copyOf(widened));
    }

    private static String describe(ExecutableElement creator) {
        return creator.getKind() == ElementKind.CONSTRUCTOR ? "the constructor " + creator
                : "the method " + creator.getSimpleName() + "()";
    }

    private Candidate creatorMatch(VariableElement parameter, List<Candidate> candidates) {
        if (Annotations.has(parameter, Annotations.BSON_ID)) {
            for (Candidate candidate : candidates) {
                if (candidate.name().equals("id") || candidate.sources().stream()
                        .anyMatch(source -> Annotations.has(source, Annotations.BSON_ID)
                                || ID_ANNOTATIONS.stream().anyMatch(id -> Annotations.has(source, id)))) {
                    return candidate;
                }
            }
            return null;
        }
        String name = parameter.getSimpleName().toString();
        Optional<AnnotationMirror> property = Annotations.find(parameter, Annotations.BSON_PROPERTY);
        if (property.isPresent()) {
            AnnotationValue value = Annotations.explicitValue(property.get(), "value");
            if (value != null) {
                name = (String) value.getValue();
            }
        }
        for (Candidate candidate : candidates) {
            if (bsonName(candidate).equals(name)) {
                return candidate;
            }
        }
        for (Candidate candidate : candidates) {
            if (candidate.name().equals(name)) {
                return candidate;
            }
        }
        return null;
    }

    /**
     * The {@code @BsonCreator}; else a non-private constructor without parameters, as the driver takes (the
     * properties then set through setters and fields), when it can set every property kept in a field or
     * setter; else a constructor that takes all those, by name (immutable classes, which the driver cannot
     * create, or cannot read back); else the constructor without parameters, final fields left as constructed.
     */
    private Creation creation(TypeElement type, List<Candidate> candidates, KotlinClass kotlin,
            List<Refusal> refusals) {
        Creation annotated = bsonCreator(type, candidates, refusals);
        if (annotated != null) {
            return annotated;
        }
        if (kotlin != null && kotlin.isDataClass()
                && !kotlin.primaryConstructor().getModifiers().contains(Modifier.PRIVATE)) {
            // A data class is created through its primary constructor, as the driver's DataClassCodec creates it
            // (even when all its parameters have defaults, which gives it a constructor without parameters too);
            // its other properties are set afterwards.
            List<String> order = takesSome(kotlin.primaryConstructor(), candidates);
            if (order != null) {
                return new Creation(TypeModel.Creation.CONSTRUCTOR, order);
            }
        }
        List<ExecutableElement> constructors = ElementFilter.constructorsIn(type.getEnclosedElements()).stream()
                .filter(constructor -> !constructor.getModifiers().contains(Modifier.PRIVATE))
                .toList();
        boolean noArguments = constructors.stream().anyMatch(constructor -> constructor.getParameters().isEmpty());
        List<Candidate> stored = candidates.stream()
                .filter(candidate -> candidate.field() != null || candidate.setter() != null).toList();
        if (noArguments && stored.stream().allMatch(Candidate::decoded)) {
            return new Creation(TypeModel.Creation.INSTANCE, List.of());
        }
        // Final fields: a constructor that takes them all reads them back, where the driver (and the no-argument
        // constructor) would leave them as constructed; the documents are the same either way.
        for (ExecutableElement constructor : constructors) {
            List<String> order = takesEvery(constructor, stored);
            if (order != null) {
                return new Creation(TypeModel.Creation.CONSTRUCTOR, order);
            }
        }
        return new Creation(noArguments ? TypeModel.Creation.INSTANCE : TypeModel.Creation.NONE, List.of());
    }

    /** The parameter names in order, if each parameter of {@code constructor} is a candidate's, else null. */
    private List<String> takesSome(ExecutableElement constructor, List<Candidate> candidates) {
        List<String> order = new ArrayList<>();
        for (VariableElement parameter : constructor.getParameters()) {
            String name = parameter.getSimpleName().toString();
            if (candidates.stream().noneMatch(candidate -> candidate.name().equals(name)
                    && types.isSameType(candidate.type(), parameter.asType()))) {
                return null;
            }
            order.add(name);
        }
        return order;
    }

    /** The parameter names in order, if {@code constructor} takes exactly the candidates, else null. */
    private List<String> takesEvery(ExecutableElement constructor, List<Candidate> candidates) {
        if (constructor.getParameters().size() != candidates.size() || candidates.isEmpty()) {
            return null;
        }
        List<String> order = new ArrayList<>();
        for (VariableElement parameter : constructor.getParameters()) {
            String name = parameter.getSimpleName().toString();
            Optional<Candidate> match = candidates.stream().filter(candidate -> candidate.name().equals(name))
                    .findFirst();
            if (match.isEmpty() || !types.isSameType(match.get().type(), parameter.asType())) {
                return null;
            }
            order.add(name);
        }
        return order;
    }

    private Property property(TypeElement type, boolean isRecord, Candidate candidate, Creation creation) {
        ValueType valueType = valueTypes.classify(candidate.type());
        String bsonName = bsonName(candidate);
        Access read;
        Access write;
        if (isRecord) {
            read = new Access.Method(candidate.name());
            write = new Access.ConstructorParameter();
        } else {
            read = readAccess(type, candidate);
            write = creation.kind() == TypeModel.Creation.CONSTRUCTOR && creation.order().contains(candidate.name())
                    ? new Access.ConstructorParameter() : writeAccess(type, candidate);
            if (write instanceof Access.SubtypeField) {
                // Read into the field's class where keysmith can create it (an ArrayList field behind a List
                // getter: the driver's ArrayList; a LinkedList field: a LinkedList, where the driver fails to set it).
                valueType = valueTypes.decodedInto(valueType,
                        types.asMemberOf((DeclaredType) type.asType(), candidate.field()));
            }
        }
        if (!isRecord) {
            // (The driver's record codec writes each component with the codec of its class, whatever it says.)
            valueType = discriminatorRule(candidate, valueType);
        }
        Set<Modifier> modifiers = candidate.field() == null ? Set.of() : modifiers(candidate.field());
        Optional<String> representation = candidate.sources().stream()
                .map(source -> Annotations.find(source, Annotations.BSON_REPRESENTATION))
                .flatMap(Optional::stream)
                .map(mirror -> annotations.value(mirror, "value").getValue().toString())
                .findFirst();
        boolean objectIdString = representation.isPresent() && representation.get().equals("OBJECT_ID")
                && valueType instanceof ValueType.Scalar scalar && scalar.kind() == ScalarKind.STRING;
        boolean asStored = representation.isEmpty() || objectIdString
                || valueType instanceof ValueType.Scalar scalar && representation.get().equals(switch (scalar.kind()) {
                    case STRING -> "STRING";
                    case OBJECT_ID -> "OBJECT_ID";
                    case INT, SHORT, BYTE -> "INT32";
                    case LONG -> "INT64";
                    case DOUBLE, FLOAT -> "DOUBLE";
                    case BOOLEAN -> "BOOLEAN";
                    case BIG_DECIMAL -> "DECIMAL128";
                    default -> "";
                });
        if (!asStored) {
            // A representation the codec would ignore would store other bytes than PojoCodec: refuse it.
            valueType = new ValueType.Unsupported(valueType.javaType(), "to be stored as " + representation.get()
                    + " by @BsonRepresentation, which keysmith supports only as OBJECT_ID on a String");
        }
        Property.ExtraElements extraElements = null;
        if (candidate.sources().stream().anyMatch(source -> Annotations.has(source, Annotations.BSON_EXTRA_ELEMENTS))) {
            extraElements = extraElements(valueType);
            if (extraElements == null) {
                valueType = new ValueType.Unsupported(valueType.javaType(), "annotated @BsonExtraElements, which "
                        + "collects the unknown fields into a Document, a BsonDocument or a Map<String, V>");
            }
        }
        return new Property(candidate.name(), bsonName, valueType, read, write, modifiers.contains(Modifier.PRIVATE),
                modifiers.contains(Modifier.FINAL), objectIdString, extraElements, candidate.reportOn());
    }

    /**
     * The kind of {@code @BsonExtraElements} property {@code type} can be, or null: a {@code Document}, a
     * {@code BsonDocument}, or any map with {@code String} keys that keysmith can create, as the driver allows.
     */
    private static Property.ExtraElements extraElements(ValueType type) {
        return switch (type.javaType().toString()) {
            case "org.bson.Document" -> Property.ExtraElements.DOCUMENT;
            case "org.bson.BsonDocument" -> Property.ExtraElements.BSON_DOCUMENT;
            default -> type instanceof ValueType.MapOf ? Property.ExtraElements.MAP : null;
        };
    }

    /** The getter, as the driver prefers it; else the field; {@code Ignored} if the property is not written. */
    private Access readAccess(TypeElement type, Candidate candidate) {
        if (!candidate.encoded()) {
            return new Access.Ignored();
        }
        if (candidate.getter() == null) {
            return new Access.Field(candidate.name());
        }
        String getter = candidate.getter().getSimpleName().toString();
        return types.isAssignable(memberType(type, candidate.getter()).getReturnType(), candidate.type())
                ? new Access.Method(getter) : new Access.CovariantGetter(getter);
    }

    /**
     * The setter, as the driver prefers it; else the field (one of a subtype of the property's type set with a
     * cast, as the driver sets it); {@code ReadOnly} if the property is not read.
     */
    private Access writeAccess(TypeElement type, Candidate candidate) {
        if (!candidate.decoded()) {
            return new Access.ReadOnly();
        }
        if (candidate.setter() != null) {
            return new Access.Method(candidate.setter().getSimpleName().toString());
        }
        if (types.isSameType(candidate.field().asType(), candidate.type())) {
            return new Access.Field(candidate.name());
        }
        TypeMirror fieldType = types.asMemberOf((DeclaredType) type.asType(), candidate.field());
        return types.isSubtype(fieldType, candidate.type()) && checkedCast(candidate.type(), fieldType)
                ? new Access.SubtypeField(candidate.name(), TypeName.get(fieldType)) : new Access.None();
    }

    /**
     * Whether a cast from {@code from} to its subtype {@code to} is checked (no unchecked warning in generated
     * code): {@code to} has no type arguments, or the same ones as {@code from} ({@code List<String>} to
     * {@code ArrayList<String>}).
     */
    private boolean checkedCast(TypeMirror from, TypeMirror to) {
        if (to.getKind() != TypeKind.DECLARED || ((DeclaredType) to).getTypeArguments().isEmpty()) {
            return to.getKind() == TypeKind.DECLARED;
        }
        List<? extends TypeMirror> toArguments = ((DeclaredType) to).getTypeArguments();
        List<? extends TypeMirror> fromArguments = from.getKind() == TypeKind.DECLARED
                ? ((DeclaredType) from).getTypeArguments() : List.of();
        if (toArguments.size() != fromArguments.size()) {
            return false;
        }
        for (int i = 0; i < toArguments.size(); i++) {
            if (toArguments.get(i).getKind() == TypeKind.WILDCARD
                    || !types.isSameType(toArguments.get(i), fromArguments.get(i))) {
                return false;
            }
        }
        return true;
    }

    /**
     * The driver's rule for a property whose value is a class of this compilation: a {@code @BsonProperty} on the
     * getter or field switches the value's discriminator off unless it says {@code useDiscriminator = true}, which
     * switches it on even for a class without {@code @BsonDiscriminator} (key {@code _t}, value the class's
     * binary name). Records, enums and the driver's own types have no discriminator to switch. Where the switch
     * changes what a class's codec writes (a concrete {@code @BsonDiscriminator} class switched off, a class
     * without one switched on), the property is {@link ValueType.Rediscriminated}; it is refused where the
     * class has subclasses here, since the driver writes a subclass's value with its own codec and reads it back
     * as the declared class, losing its fields. An abstract class or interface holds subclass values only, which
     * the driver writes with their own discriminator whatever the property says: the same bytes as keysmith's
     * (the driver then cannot read them back; keysmith can).
     */
    private ValueType discriminatorRule(Candidate candidate, ValueType valueType) {
        Optional<AnnotationMirror> property = candidate.encodeSources().stream()
                .map(source -> Annotations.find(source, Annotations.BSON_PROPERTY)).flatMap(Optional::stream)
                .findFirst();
        if (property.isEmpty() || candidate.type().getKind() != TypeKind.DECLARED) {
            return valueType;
        }
        boolean use = (Boolean) annotations.value(property.get(), "useDiscriminator").getValue();
        TypeElement element = (TypeElement) ((DeclaredType) candidate.type()).asElement();
        boolean abstractType = element.getKind() == ElementKind.INTERFACE
                || element.getModifiers().contains(Modifier.ABSTRACT);
        if (use && abstractType && !(valueType instanceof ValueType.Polymorphic)
                && ((DeclaredType) candidate.type()).getTypeArguments().isEmpty()) {
            // Switched on, an interface or abstract class without @BsonDiscriminator reads the key _t.
            return valueTypes.switchedOn(element, valueType.javaType());
        }
        if (element.getKind() != ElementKind.CLASS || abstractType || !valueTypes.isSourceClass(element)) {
            return valueType;
        }
        String name = element.getSimpleName().toString();
        boolean subclasses = valueTypes.hasConcreteSubclass(element);
        if (!use && valueType instanceof ValueType.Polymorphic polymorphic) {
            return subclasses ? new ValueType.Unsupported(valueType.javaType(), "a @BsonDiscriminator class with "
                    + "subclasses under a @BsonProperty without useDiscriminator = true: the driver writes a "
                    + name + " there without its discriminator, and a subclass's value with its own, which it reads "
                    + "back as a " + name + ", losing the subclass's fields; add useDiscriminator = true to the "
                    + "@BsonProperty (the documents then hold each value's discriminator, as without the "
                    + "@BsonProperty)")
                    : new ValueType.Rediscriminated(valueType.javaType(), polymorphic.key(), null, null);
        }
        if (use && !(valueType instanceof ValueType.Polymorphic)) {
            if (!(valueType instanceof ValueType.FromRegistry) && !(valueType instanceof ValueType.Parameterized)) {
                return valueType;
            }
            return subclasses ? new ValueType.Unsupported(valueType.javaType(), "a class without @BsonDiscriminator "
                    + "that has subclasses, under @BsonProperty(useDiscriminator = true): the driver writes a "
                    + "subclass's value there without a discriminator and reads it back as a " + name + ", losing "
                    + "the subclass's fields; put @BsonDiscriminator on " + name + " (each value then holds the "
                    + "discriminator of its class)")
                    : new ValueType.Rediscriminated(valueType.javaType(), "_t",
                            elements.getBinaryName(element).toString(),
                            valueType instanceof ValueType.Parameterized generic ? generic : null);
        }
        return valueType;
    }

    /** The {@code @BsonProperty} name of the candidate (of its written side if written), else its Java name. */
    private static String bsonName(Candidate candidate) {
        String renamed = renamed(candidate.encoded() ? candidate.encodeSources() : candidate.decodeSources());
        return renamed != null ? renamed : candidate.name();
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

    /**
     * The candidate's elements and the constructor parameters named after it: Kotlin puts an annotation written on a
     * constructor property on the parameter (alone before Kotlin 2.4, with {@code @param:}, or with the field).
     */
    private static List<Element> withParameters(TypeElement type, Candidate candidate) {
        List<Element> elements = candidate.sources();
        for (ExecutableElement constructor : ElementFilter.constructorsIn(type.getEnclosedElements())) {
            for (VariableElement parameter : constructor.getParameters()) {
                if (parameter.getSimpleName().contentEquals(candidate.name())) {
                    elements.add(parameter);
                }
            }
        }
        return elements;
    }

    /** The private field of a property whose getter Kotlin mangled, else the type. */
    private static Element mangledField(TypeElement type, String name) {
        return ElementFilter.fieldsIn(type.getEnclosedElements()).stream()
                .filter(field -> field.getSimpleName().contentEquals(name)).map(Element.class::cast).findFirst()
                .orElse(type);
    }

    private List<IdSpec> idSpecs(TypeElement type, Candidate candidate, Property property, String collection) {
        List<IdSpec> specs = new ArrayList<>();
        for (String annotationName : ID_ANNOTATIONS) {
            for (Element source : withParameters(type, candidate)) {
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
    private static IdSpec assignedId(List<Candidate> candidates, List<Property> properties) {
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
        throw new IllegalStateException("no property for the id candidate '" + candidate.name() + "'");
    }
}
