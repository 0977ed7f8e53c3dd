package dev.keysmith.processor.reading;

import dev.keysmith.processor.messages.Reason;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.TypeName;
import dev.keysmith.processor.model.Refusal;
import dev.keysmith.processor.model.TypeModel;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Types;

/**
 * Decides how decoding creates instances of a class: its {@code @BsonCreator} (a constructor, or a static method
 * of the class or a superclass), read as the driver reads it; a Kotlin data class's primary constructor; a
 * constructor without parameters; or one that takes every stored property.
 *
 * <p>Not thread-safe: confine to one thread.
 */
final class CreatorReader {

    private final Types types;

    CreatorReader(Types types) {
        this.types = types;
    }

    /**
     * @param widened the properties whose type a creator parameter widens (a getter of {@code ImmutableList<T>}, a
     *     parameter of {@code List<T>}): the parameter's type, as the driver takes it
     */
    record Creation(TypeModel.Creation kind, List<String> order, TypeModel.Factory factory,
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
        return creator.getKind() == ElementKind.CONSTRUCTOR ? Reason.THE_CONSTRUCTOR.format(creator)
                : Reason.THE_METHOD.format(creator.getSimpleName());
    }

    private Candidate creatorMatch(VariableElement parameter, List<Candidate> candidates) {
        if (Annotations.has(parameter, Annotations.BSON_ID)) {
            for (Candidate candidate : candidates) {
                if (candidate.name().equals("id") || candidate.sources().stream()
                        .anyMatch(source -> Annotations.has(source, Annotations.BSON_ID)
                                || IdReader.ID_ANNOTATIONS.stream().anyMatch(id -> Annotations.has(source, id)))) {
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
            if (PropertyReader.bsonName(candidate).equals(name)) {
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
    Creation creation(TypeElement type, List<Candidate> candidates, KotlinClass kotlin,
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
}
