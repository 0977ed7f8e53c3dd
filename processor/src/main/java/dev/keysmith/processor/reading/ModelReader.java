package dev.keysmith.processor.reading;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeVariableName;
import dev.keysmith.processor.model.Access;
import dev.keysmith.processor.model.IdSpec;
import dev.keysmith.processor.model.Property;
import dev.keysmith.processor.model.ScalarKind;
import dev.keysmith.processor.model.TypeModel;
import dev.keysmith.processor.model.ValueType;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.ExecutableType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/** Reads an entity or embedded type into a {@link TypeModel}. Reports nothing: the validator does.
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

    /**
     * @param sourceClasses the classes compiled here, nested ones included (where the subclasses of a
     *     {@code @BsonDiscriminator} type are found)
     */
    public ModelReader(Elements elements, Types types, java.util.function.Supplier<List<TypeElement>> sourceClasses) {
        this.elements = elements;
        this.types = types;
        this.annotations = new Annotations(elements);
        this.valueTypes = new ValueTypes(elements, types, sourceClasses);
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

    /** One field or record component and the elements whose annotations count for it. */
    private record Candidate(String name, TypeMirror type, VariableElement field, List<Element> sources,
            ExecutableElement getter, ExecutableElement setter, Element reportOn) {
    }

    public Result read(TypeElement type) {
        boolean isRecord = type.getKind() == ElementKind.RECORD;
        boolean markedEmbedded = Annotations.has(type, Annotations.EMBEDDED);
        List<Candidate> candidates = isRecord ? recordCandidates(type) : fieldCandidates(type);
        for (Candidate candidate : candidates) {
            if (ValueTypes.isUndefined(candidate.type())) {
                return new Undefined(candidate.reportOn(), candidate.name(), candidate.type());
            }
        }
        List<String> recordOrder = candidates.stream().map(Candidate::name).toList();
        Map<String, TypeName> unstored = new TreeMap<>();
        for (Candidate candidate : candidates) {
            if (isRecord && candidate.sources().stream()
                    .anyMatch(source -> Annotations.has(source, Annotations.BSON_IGNORE))) {
                unstored.put(candidate.name(), TypeName.get(candidate.type()));
            }
        }
        candidates.removeIf(candidate -> candidate.sources().stream()
                .anyMatch(source -> Annotations.has(source, Annotations.BSON_IGNORE)));

        String collection = collectionName(type);
        List<IdSpec> ids = new ArrayList<>();
        List<Property> properties = new ArrayList<>();
        if (!isRecord) {
            // The order of the driver's PojoCodecProvider (by Java name), so that documents are byte for byte the
            // same; records keep their component order, as the driver's record codec does.
            candidates.sort(Comparator.comparing(Candidate::name));
        }
        Creation creation = isRecord ? new Creation(TypeModel.Creation.CONSTRUCTOR, recordOrder)
                : creation(type, candidates.stream().filter(candidate -> !isReadOnly(candidate)).toList());
        for (Candidate candidate : candidates) {
            Property property = property(type, isRecord, candidate, creation);
            if (property.extraElements() != null
                    && properties.stream().anyMatch(other -> other.extraElements() != null)) {
                property = new Property(property.javaName(), property.bsonName(), new ValueType.Unsupported(
                        property.type().javaType(), "a second @BsonExtraElements property, and the unknown fields "
                        + "go into one"), property.read(), property.write(), property.fieldIsPrivate(),
                        property.fieldIsFinal(), false, null, property.element());
            }
            List<IdSpec> idsOfCandidate = idSpecs(candidate, property, collection);
            ids.addAll(idsOfCandidate);
            properties.add(property);
        }
        // A type with neither @Document nor an id annotation is read because an entity's value is of it: it is
        // stored as a sub-document, as with @Embedded.
        boolean embedded = markedEmbedded || ids.isEmpty() && !Annotations.has(type, Annotations.DOCUMENT);
        IdSpec id = null;
        if (!embedded) {
            if (!ids.isEmpty()) {
                id = ids.get(0);
            } else {
                id = assignedId(candidates, properties);
            }
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
        return new Read(new TypeModel(className, codec, isRecord, creation.kind(), embedded ? null : collection, id,
                List.copyOf(properties), creation.order(), creation.factoryMethod(), creation.unmatched(), Map.copyOf(unstored),
                strayIds(type, candidates), valueTypes.discriminator(type), embedded, List.copyOf(ids),
                type.getTypeParameters().stream().map(TypeVariableName::get).toList(), type));
    }

    private String collectionName(TypeElement type) {
        Optional<AnnotationMirror> document = Annotations.find(type, Annotations.DOCUMENT);
        if (document.isPresent()) {
            String collection = (String) annotations.value(document.get(), "collection").getValue();
            if (!collection.isEmpty()) {
                return collection;
            }
        }
        String simpleName = type.getSimpleName().toString();
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
            candidates.add(new Candidate(name, component.asType(), field, sources, component.getAccessor(), null,
                    field != null ? field : component));
        }
        return candidates;
    }

    private List<Candidate> fieldCandidates(TypeElement type) {
        List<TypeElement> hierarchy = new ArrayList<>();
        for (TypeElement current = type; current != null; current = Annotations.superclass(current)) {
            hierarchy.add(0, current);
        }
        List<ExecutableElement> methods = ElementFilter.methodsIn(elements.getAllMembers(type));
        List<Candidate> candidates = new ArrayList<>();
        for (TypeElement declaring : hierarchy) {
            for (VariableElement field : ElementFilter.fieldsIn(declaring.getEnclosedElements())) {
                Set<Modifier> modifiers = field.getModifiers();
                if (modifiers.contains(Modifier.STATIC) || modifiers.contains(Modifier.TRANSIENT)) {
                    continue;
                }
                String name = field.getSimpleName().toString();
                TypeMirror fieldType = types.asMemberOf((DeclaredType) type.asType(), field);
                ExecutableElement getter = getter(type, methods, name, fieldType);
                ExecutableElement setter = setter(type, methods, name, fieldType);
                List<Element> sources = new ArrayList<>();
                sources.add(field);
                if (getter != null) {
                    sources.add(getter);
                }
                if (setter != null) {
                    sources.add(setter);
                }
                // A field that hides one of a superclass is the property, as in the driver's class model.
                candidates.removeIf(candidate -> candidate.name().equals(name));
                candidates.add(new Candidate(name, fieldType, field, sources, getter, setter, field));
            }
        }
        addGetterOnlyProperties(type, hierarchy, methods, candidates);
        return candidates;
    }

    /** Public getters that match no field are properties too, as in the driver's class model. */
    private void addGetterOnlyProperties(TypeElement type, List<TypeElement> hierarchy,
            List<ExecutableElement> methods, List<Candidate> candidates) {
        for (ExecutableElement method : methods) {
            String methodName = method.getSimpleName().toString();
            int prefix = methodName.startsWith("get") ? 3 : methodName.startsWith("is") ? 2 : 0;
            if (prefix == 0 || methodName.length() == prefix || !Character.isUpperCase(methodName.charAt(prefix))
                    || !method.getParameters().isEmpty() || !method.getModifiers().contains(Modifier.PUBLIC)
                    || method.getModifiers().contains(Modifier.STATIC)
                    || !hierarchy.contains((TypeElement) method.getEnclosingElement())) {
                continue;
            }
            TypeMirror returned = memberType(type, method).getReturnType();
            if (returned.getKind() == TypeKind.VOID) {
                continue;
            }
            String name = Character.toLowerCase(methodName.charAt(prefix)) + methodName.substring(prefix + 1);
            if (candidates.stream().anyMatch(candidate -> candidate.name().equals(name))) {
                continue;
            }
            ExecutableElement setter = setter(type, methods, name, returned);
            List<Element> sources = new ArrayList<>();
            sources.add(method);
            if (setter != null) {
                sources.add(setter);
            }
            candidates.add(new Candidate(name, returned, null, sources, method, setter, method));
        }
    }

    /** Members of the type and its superclasses that carry an id annotation but are no candidate's source. */
    private List<Element> strayIds(TypeElement type, List<Candidate> candidates) {
        List<Element> strays = new ArrayList<>();
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

    /**
     * The getter of a field as the driver finds it: {@code getX()} or {@code isX()}, returning the field's type
     * or a supertype of it, seen as a member of {@code owner} (so a generic superclass's {@code ID getId()}
     * returns the subclass's id type). An exact match wins over a supertype.
     */
    private ExecutableElement getter(TypeElement owner, List<ExecutableElement> methods, String name,
            TypeMirror type) {
        String capitalized = Character.toUpperCase(name.charAt(0)) + name.substring(1);
        ExecutableElement wider = null;
        for (ExecutableElement method : methods) {
            String methodName = method.getSimpleName().toString();
            boolean nameFits = methodName.equals("get" + capitalized) || methodName.equals("is" + capitalized);
            if (!nameFits || !method.getParameters().isEmpty() || !usable(method)) {
                continue;
            }
            TypeMirror returned = memberType(owner, method).getReturnType();
            if (types.isSameType(returned, type)) {
                return method;
            }
            if (wider == null && returned.getKind() != TypeKind.VOID && types.isAssignable(type, returned)) {
                wider = method;
            }
        }
        return wider;
    }

    /** Whether {@code getter} returns a supertype of {@code type} rather than the type itself. */
    private boolean returnsSupertype(TypeElement owner, ExecutableElement getter, TypeMirror type) {
        return !types.isSameType(memberType(owner, getter).getReturnType(), type);
    }

    private ExecutableElement setter(TypeElement owner, List<ExecutableElement> methods, String name,
            TypeMirror type) {
        String setterName = "set" + Character.toUpperCase(name.charAt(0)) + name.substring(1);
        for (ExecutableElement method : methods) {
            if (method.getSimpleName().contentEquals(setterName) && method.getParameters().size() == 1
                    && usable(method)
                    && types.isSameType(memberType(owner, method).getParameterTypes().get(0), type)) {
                return method;
            }
        }
        return null;
    }

    private ExecutableType memberType(TypeElement owner, ExecutableElement method) {
        return (ExecutableType) types.asMemberOf((DeclaredType) owner.asType(), method);
    }

    private static boolean usable(ExecutableElement method) {
        Set<Modifier> modifiers = method.getModifiers();
        return !modifiers.contains(Modifier.PRIVATE) && !modifiers.contains(Modifier.STATIC);
    }

    private record Creation(TypeModel.Creation kind, List<String> order, String factoryMethod,
            VariableElement unmatched) {

        Creation(TypeModel.Creation kind, List<String> order) {
            this(kind, order, null, null);
        }
    }

    /**
     * The {@code @BsonCreator} constructor or static factory method, as the driver reads it: each parameter is the
     * property its {@code @BsonProperty} names (by Java name, else by stored name), or the id with {@code @BsonId},
     * or else the property of the parameter's name; the other properties are set afterwards. Null if none.
     */
    private Creation bsonCreator(TypeElement type, List<Candidate> candidates) {
        for (Element member : type.getEnclosedElements()) {
            boolean constructor = member.getKind() == ElementKind.CONSTRUCTOR;
            boolean factory = member.getKind() == ElementKind.METHOD && member.getModifiers().contains(Modifier.STATIC);
            if (!(constructor || factory) || !Annotations.has(member, Annotations.BSON_CREATOR)) {
                continue;
            }
            ExecutableElement creator = (ExecutableElement) member;
            List<String> order = new ArrayList<>();
            for (VariableElement parameter : creator.getParameters()) {
                Candidate match = creatorMatch(parameter, candidates);
                if (match == null || !types.isSameType(match.type(), parameter.asType())) {
                    return new Creation(TypeModel.Creation.NONE, List.of(), null, parameter);
                }
                order.add(match.name());
            }
            return new Creation(TypeModel.Creation.CONSTRUCTOR, order,
                    factory ? creator.getSimpleName().toString() : null, null);
        }
        return null;
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
            if (candidate.name().equals(name)) {
                return candidate;
            }
        }
        for (Candidate candidate : candidates) {
            if (bsonName(candidate).equals(name)) {
                return candidate;
            }
        }
        return null;
    }

    /**
     * Prefers a no-argument constructor when every property can then be set; else a constructor that takes
     * every property by name; else a no-argument constructor (the validator names what cannot be set).
     */
    private Creation creation(TypeElement type, List<Candidate> candidates) {
        Creation annotated = bsonCreator(type, candidates);
        if (annotated != null) {
            return annotated;
        }
        List<ExecutableElement> constructors = ElementFilter.constructorsIn(type.getEnclosedElements()).stream()
                .filter(constructor -> !constructor.getModifiers().contains(Modifier.PRIVATE))
                .toList();
        boolean noArguments = constructors.stream().anyMatch(constructor -> constructor.getParameters().isEmpty());
        boolean allSettable = candidates.stream()
                .allMatch(candidate -> !(instanceWrite(type, candidate) instanceof Access.None));
        if (noArguments && allSettable) {
            return new Creation(TypeModel.Creation.INSTANCE, List.of());
        }
        for (ExecutableElement constructor : constructors) {
            List<String> order = takesEvery(constructor, candidates);
            if (order != null) {
                return new Creation(TypeModel.Creation.CONSTRUCTOR, order);
            }
        }
        return new Creation(noArguments ? TypeModel.Creation.INSTANCE : TypeModel.Creation.NONE, List.of());
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
            String getter = candidate.getter() == null ? null : candidate.getter().getSimpleName().toString();
            read = accessible(type, candidate.field()) ? new Access.Field(candidate.name())
                    : getter == null ? new Access.None()
                    : returnsSupertype(type, candidate.getter(), candidate.type()) ? new Access.CovariantGetter(getter)
                    : new Access.Method(getter);
            write = isReadOnly(candidate) ? new Access.ReadOnly()
                    : creation.kind() == TypeModel.Creation.CONSTRUCTOR && creation.order().contains(candidate.name())
                            ? new Access.ConstructorParameter()
                    : instanceWrite(type, candidate);
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
            extraElements = extraElements(valueType.javaType());
            if (extraElements == null) {
                valueType = new ValueType.Unsupported(valueType.javaType(), "annotated @BsonExtraElements, which "
                        + "collects the unknown fields into a Document, BsonDocument or Map<String, Object>");
            }
        }
        return new Property(candidate.name(), bsonName, valueType, read, write, modifiers.contains(Modifier.PRIVATE),
                modifiers.contains(Modifier.FINAL), objectIdString, extraElements, candidate.reportOn());
    }

    /** The kind of {@code @BsonExtraElements} property {@code type} can be, or null. */
    private static Property.ExtraElements extraElements(TypeName type) {
        String name = type.toString();
        return switch (name) {
            case "org.bson.Document" -> Property.ExtraElements.DOCUMENT;
            case "org.bson.BsonDocument" -> Property.ExtraElements.BSON_DOCUMENT;
            case "java.util.Map<java.lang.String, java.lang.Object>" -> Property.ExtraElements.MAP;
            default -> null;
        };
    }

    private static boolean isReadOnly(Candidate candidate) {
        return candidate.field() == null && candidate.setter() == null;
    }

    /** The {@code @BsonProperty} name of the candidate, else its Java name. */
    private static String bsonName(Candidate candidate) {
        String bsonName = candidate.name();
        for (Element source : candidate.sources()) {
            Optional<AnnotationMirror> rename = Annotations.find(source, Annotations.BSON_PROPERTY);
            if (rename.isPresent()) {
                AnnotationValue value = Annotations.explicitValue(rename.get(), "value");
                if (value != null && !((String) value.getValue()).isEmpty()) {
                    bsonName = (String) value.getValue();
                }
            }
        }
        return bsonName;
    }

    private Access instanceWrite(TypeElement type, Candidate candidate) {
        if (accessible(type, candidate.field()) && !modifiers(candidate.field()).contains(Modifier.FINAL)) {
            return new Access.Field(candidate.name());
        }
        if (candidate.setter() != null) {
            return new Access.Method(candidate.setter().getSimpleName().toString());
        }
        return new Access.None();
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

    private List<IdSpec> idSpecs(Candidate candidate, Property property, String collection) {
        List<IdSpec> specs = new ArrayList<>();
        for (String annotationName : ID_ANNOTATIONS) {
            for (Element source : candidate.sources()) {
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

    /** A field marked {@code @BsonId}, else a field named {@code id}: its value is set by the application. */
    private static IdSpec assignedId(List<Candidate> candidates, List<Property> properties) {
        for (Candidate candidate : candidates) {
            if (candidate.sources().stream().anyMatch(source -> Annotations.has(source, Annotations.BSON_ID))) {
                for (Property property : properties) {
                    if (property.javaName().equals(candidate.name())) {
                        return new IdSpec(property, IdSpec.Strategy.ASSIGNED, null, new IdSpec.NoSettings());
                    }
                }
            }
        }
        for (Property property : properties) {
            if (property.javaName().equals("id") || property.bsonName().equals("_id")) {
                return new IdSpec(property, IdSpec.Strategy.ASSIGNED, null, new IdSpec.NoSettings());
            }
        }
        return null;
    }
}
