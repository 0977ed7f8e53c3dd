package dev.keysmith.processor.validation;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import dev.keysmith.processor.messages.Message;
import dev.keysmith.processor.messages.Reason;
import dev.keysmith.processor.messages.Reporter;
import dev.keysmith.processor.model.Access;
import dev.keysmith.processor.model.IdSpec;
import dev.keysmith.processor.model.Property;
import dev.keysmith.processor.model.Refusal;
import dev.keysmith.processor.model.ScalarKind;
import dev.keysmith.processor.model.TypeModel;
import dev.keysmith.processor.model.ValueType;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;

/** Checks a {@link TypeModel} against the rules of the design and reports every broken rule.
 *
 * <p>Not thread-safe: confine to one thread.
 */
public final class Validator {

    private static final Map<IdSpec.Strategy, Reason> ACCEPTED = Map.of(
            IdSpec.Strategy.OBJECT_ID, Reason.OBJECT_ID_TYPES,
            IdSpec.Strategy.SEQUENCE, Reason.SEQUENCE_TYPES,
            IdSpec.Strategy.UUID, Reason.UUID_TYPES,
            IdSpec.Strategy.RANDOM, Reason.RANDOM_TYPES);

    private static final Map<IdSpec.Strategy, Reason> HINTS = Map.of(
            IdSpec.Strategy.OBJECT_ID, Reason.OBJECT_ID_HINT,
            IdSpec.Strategy.SEQUENCE, Reason.SEQUENCE_HINT,
            IdSpec.Strategy.UUID, Reason.UUID_HINT,
            IdSpec.Strategy.RANDOM, Reason.RANDOM_HINT);

    private static final Map<IdSpec.Strategy, Set<ScalarKind>> ID_KINDS = Map.of(
            IdSpec.Strategy.OBJECT_ID, Set.of(ScalarKind.OBJECT_ID, ScalarKind.STRING),
            IdSpec.Strategy.SEQUENCE, Set.of(ScalarKind.LONG, ScalarKind.INT),
            IdSpec.Strategy.UUID, Set.of(ScalarKind.UUID, ScalarKind.STRING),
            IdSpec.Strategy.RANDOM, Set.of(ScalarKind.LONG));

    private static final Map<Refusal.Rule, Message> REFUSALS = Map.ofEntries(
            Map.entry(Refusal.Rule.DUPLICATE_ANNOTATION, Message.DUPLICATE_ANNOTATION),
            Map.entry(Refusal.Rule.TYPE_CONFLICT, Message.PROPERTY_TYPE),
            Map.entry(Refusal.Rule.WRITE_ONLY, Message.WRITE_ONLY),
            Map.entry(Refusal.Rule.NAME_MISMATCH, Message.PROPERTY_NAME),
            Map.entry(Refusal.Rule.TWO_CREATORS, Message.TWO_CREATORS),
            Map.entry(Refusal.Rule.CREATOR_RETURN, Message.CREATOR_RETURN),
            Map.entry(Refusal.Rule.CREATOR_RESULT, Message.CREATOR_RESULT),
            Map.entry(Refusal.Rule.CREATOR_ID, Message.CREATOR_ID),
            Map.entry(Refusal.Rule.KOTLIN_VALUE_CLASS, Message.KOTLIN_VALUE_CLASS));

    private final Reporter reporter;

    public Validator(Reporter reporter) {
        this.reporter = reporter;
    }

    /** Reports every rule {@code model} breaks; true if it breaks none. */
    public boolean validate(TypeModel model) {
        int before = reporter.errorCount();
        if (!checkKind(model)) {
            return false;
        }
        if (model.subclasses() != null) {
            // An abstract class whose collection holds its subclasses: their codecs read and write the properties
            // (and report what is wrong with them); its own codec only dispatches, and gives the id's facts.
            checkIds(model);
            return reporter.errorCount() == before;
        }
        for (Refusal refusal : model.refusals()) {
            reporter.error(refusal.element(), REFUSALS.get(refusal.rule()), refusal.arguments().toArray());
        }
        if (model.embedded()) {
            for (IdSpec id : model.ids().annotated()) {
                reporter.error(id.property().element(), id.annotation(), null, Message.EMBEDDED_ID,
                        model.type().simpleName(), id.property().javaName(), id.strategy().annotationName());
            }
        } else {
            checkIds(model);
        }
        for (Property property : model.allProperties()) {
            checkProperty(model, property, model.id() != null && property == model.id().property());
        }
        if (model.creator().unmatchedParameter() != null) {
            reporter.error(model.creator().unmatchedParameter(), Message.CREATOR_PARAMETER,
                    model.creator().unmatchedParameter().getSimpleName(), model.type().simpleName(),
                    model.allProperties().stream().map(Property::javaName).toList());
        } else if (model.creator().creation() == TypeModel.Creation.NONE && model.refusals().stream()
                .noneMatch(refusal -> refusal.rule() == Refusal.Rule.KOTLIN_VALUE_CLASS)) {
            // (A Kotlin class with a value class property has no constructor Java can call: reported as that.)
            reporter.error(model.element(), Message.NO_CREATOR, model.type().simpleName(),
                    model.allProperties().stream().map(Property::javaName).toList());
        }
        checkNames(model);
        return reporter.errorCount() == before;
    }

    private boolean checkKind(TypeModel model) {
        TypeElement element = model.element();
        String role = model.embedded() ? "@Embedded" : Reason.AN_ENTITY.format();
        String problem = null;
        if (element.getKind() != ElementKind.CLASS && element.getKind() != ElementKind.RECORD) {
            String kind = element.getKind().name().toLowerCase(Locale.ROOT).replace('_', ' ');
            problem = Reason.withArticle(kind);
        } else if (element.getModifiers().contains(Modifier.ABSTRACT) && model.subclasses() == null) {
            problem = (model.embedded() || !element.getTypeParameters().isEmpty() ? Reason.ABSTRACT
                    : model.discriminator() == null ? Reason.ABSTRACT_UNDISCRIMINATED
                    : Reason.ABSTRACT_WITHOUT_SUBCLASS).format();
        } else if (element.getModifiers().contains(Modifier.PRIVATE)) {
            problem = Reason.PRIVATE.format();
        } else if (element.getEnclosingElement().getKind() != ElementKind.PACKAGE
                && !element.getModifiers().contains(Modifier.STATIC)) {
            problem = Reason.INNER_CLASS.format();
        } else if (!element.getTypeParameters().isEmpty() && !model.embedded()) {
            // A generic embedded type's codec takes a codec per type argument; an entity's is found by class.
            problem = Reason.GENERIC.format();
        }
        if (problem != null) {
            reporter.error(element, Message.TYPE_KIND, model.type().simpleName(), role, problem);
            return false;
        }
        return true;
    }

    private void checkIds(TypeModel model) {
        for (Element stray : model.ids().strays()) {
            reportStrayId(stray);
        }
        if (model.id() == null) {
            // A @Document without an id property: the driver makes its _id on insert, as with PojoCodec.
            return;
        }
        List<IdSpec> ids = model.ids().annotated();
        for (int i = 1; i < ids.size(); i++) {
            IdSpec first = ids.get(0);
            IdSpec other = ids.get(i);
            if (other.property().javaName().equals(first.property().javaName())) {
                reporter.error(other.property().element(), other.annotation(), null, Message.ID_ANNOTATIONS,
                        other.property().javaName(), first.strategy().annotationName(),
                        other.strategy().annotationName());
            } else {
                reporter.error(other.property().element(), other.annotation(), null, Message.TWO_IDS,
                        model.type().simpleName(), first.property().javaName(), other.property().javaName());
            }
        }
        IdSpec id = model.id();
        Property property = id.property();
        ValueType type = property.type();
        if (type instanceof ValueType.ArrayOf || type instanceof ValueType.CollectionOf
                || type instanceof ValueType.MapOf) {
            reporter.error(property.element(), Message.ID_ARRAY, property.javaName(), describe(type.javaType()));
            return;
        }
        if (id.strategy() != IdSpec.Strategy.ASSIGNED) {
            boolean fits = type instanceof ValueType.Scalar scalar
                    && ID_KINDS.get(id.strategy()).contains(scalar.kind());
            if (!fits) {
                reporter.error(property.element(), Message.ID_TYPE,
                        id.strategy().annotationName(), ACCEPTED.get(id.strategy()).format(), property.javaName(),
                        describe(type.javaType()), HINTS.get(id.strategy()).format());
            } else if (model.nonNull().contains(property.javaName())) {
                String simpleName = type.javaType() instanceof ClassName name ? name.simpleName()
                        : type.javaType().toString();
                reporter.error(property.element(), Message.KOTLIN_NON_NULL_ID, model.type().simpleName(),
                        property.javaName(), simpleName, simpleName);
            }
        }
        if (id.settings() instanceof IdSpec.RandomSettings random) {
            checkRandom(property, id, random);
        } else if (id.settings() instanceof IdSpec.SequenceSettings sequence) {
            boolean intId = type.javaType().equals(TypeName.INT) || type.javaType().equals(TypeName.INT.box());
            checkSequence(property, id, sequence, intId);
        }
    }

    private void reportStrayId(Element stray) {
        String annotation = Reason.AN_ID_ANNOTATION.format();
        AnnotationMirror found = null;
        for (AnnotationMirror mirror : stray.getAnnotationMirrors()) {
            String name = ((TypeElement) mirror.getAnnotationType().asElement()).getQualifiedName().toString();
            if (dev.keysmith.processor.reading.IdReader.ID_ANNOTATIONS.contains(name)) {
                annotation = "@" + mirror.getAnnotationType().asElement().getSimpleName();
                found = mirror;
                break;
            }
        }
        String member;
        String why;
        if (stray.getKind() == ElementKind.FIELD) {
            member = Reason.FIELD.format(stray.getSimpleName());
            why = (stray.getModifiers().contains(Modifier.STATIC) ? Reason.STATIC_FIELD
                    : stray.getModifiers().contains(Modifier.TRANSIENT) ? Reason.TRANSIENT_FIELD
                    : Reason.PRIVATE_FIELD).format();
        } else if (stray.getKind() == ElementKind.PARAMETER) {
            Element executable = stray.getEnclosingElement();
            boolean constructor = executable.getKind() == ElementKind.CONSTRUCTOR;
            member = Reason.PARAMETER.format(stray.getSimpleName(), constructor ? Reason.CONSTRUCTOR.format()
                    : Reason.METHOD.format(executable.getSimpleName()));
            why = (constructor ? Reason.CONSTRUCTOR_PARAMETER : Reason.METHOD_PARAMETER).format();
        } else {
            member = Reason.METHOD.format(stray.getSimpleName());
            why = Reason.NO_GETTER.format();
        }
        reporter.error(stray, found, null, Message.ID_PLACEMENT, annotation, member, why);
    }

    private void checkRandom(Property property, IdSpec id, IdSpec.RandomSettings random) {
        if (random.digits() < 1 || random.digits() > IdSpec.MAX_DIGITS) {
            reporter.error(property.element(), id.annotation(), random.digitsValue(), Message.RANDOM_DIGITS,
                    random.digits());
        }
        if (random.attempts() < 1) {
            reporter.error(property.element(), id.annotation(), random.attemptsValue(), Message.RANDOM_ATTEMPTS,
                    random.attempts());
        }
    }

    private void checkSequence(Property property, IdSpec id, IdSpec.SequenceSettings sequence, boolean intId) {
        if (sequence.batch() < 1) {
            reporter.error(property.element(), id.annotation(), sequence.batchValue(), Message.SEQUENCE_BATCH,
                    sequence.batch());
        }
        if (sequence.digits() < 0 || sequence.digits() > IdSpec.MAX_DIGITS) {
            reporter.error(property.element(), id.annotation(), sequence.digitsValue(), Message.SEQUENCE_DIGITS,
                    sequence.digits());
            return;
        }
        if (sequence.counters() > 1 && sequence.digits() == 0) {
            reporter.error(property.element(), id.annotation(), sequence.countersValue(),
                    Message.SEQUENCE_COUNTERS_DIGITS, sequence.counters(), sequence.counters());
            return;
        }
        long lastValue = intId ? Integer.MAX_VALUE : Long.MAX_VALUE;
        if (sequence.digits() > 0) {
            lastValue = Math.min(lastValue, pow10(sequence.digits()) - 1);
        }
        if (sequence.start() < 0 || sequence.start() > lastValue) {
            reporter.error(property.element(), id.annotation(), sequence.startValue(), Message.SEQUENCE_START,
                    sequence.start(), lastValue);
            return;
        }
        if (sequence.start() == 0 && property.type().primitive()) {
            reporter.error(property.element(), id.annotation(), sequence.startValue(), Message.SEQUENCE_START_ZERO,
                    property.javaName(), property.type().javaType().toString());
            return;
        }
        long space = lastValue - sequence.start() + 1;
        long maxCounters = Math.min(Integer.MAX_VALUE, space <= 0 ? Long.MAX_VALUE : space);
        if (sequence.counters() < 1 || sequence.counters() > maxCounters) {
            reporter.error(property.element(), id.annotation(), sequence.countersValue(), Message.SEQUENCE_COUNTERS,
                    sequence.counters(), maxCounters);
        }
    }

    private static long pow10(int digits) {
        long value = 1;
        for (int i = 0; i < digits; i++) {
            value *= 10;
        }
        return value;
    }

    private void checkProperty(TypeModel model, Property property, boolean isId) {
        Optional<ValueType.Unsupported> unsupported = firstUnsupported(property.type());
        if (unsupported.isPresent()) {
            reporter.error(property.element(), Message.FIELD_TYPE, property.javaName(),
                    property.type().javaType().toString(), unsupported.get().reason());
        }
        if (property.write() instanceof Access.ReadOnly) {
            if (isId) {
                reporter.error(property.element(), Message.ID_NOT_ASSIGNABLE, property.javaName(),
                        (property.fieldIsFinal() ? Reason.FINAL_NOT_TAKEN : Reason.GETTER_ONLY).format(),
                        property.setterName() + "(" + property.type().javaType() + ")");
            }
            return;
        }
        if (property.write() instanceof Access.None) {
            String why = (property.fieldIsFinal() ? Reason.FINAL_NOT_TAKEN : Reason.SUBTYPE_FIELD).format();
            String setter = property.setterName() + "(" + property.type().javaType() + ")";
            if (isId) {
                reporter.error(property.element(), Message.ID_NOT_ASSIGNABLE, property.javaName(), why, setter);
            } else if (model.creator().creation() != TypeModel.Creation.NONE && model.creator().creation() != TypeModel.Creation.REFUSED) {
                reporter.error(property.element(), Message.NOT_SETTABLE, property.javaName(), why, setter);
            }
        }
    }

    private static Optional<ValueType.Unsupported> firstUnsupported(ValueType type) {
        if (type instanceof ValueType.Unsupported unsupported) {
            return Optional.of(unsupported);
        } else if (type instanceof ValueType.CollectionOf collection) {
            return firstUnsupported(collection.element());
        } else if (type instanceof ValueType.ArrayOf array) {
            return firstUnsupported(array.element());
        } else if (type instanceof ValueType.MapOf map) {
            return firstUnsupported(map.value());
        }
        return Optional.empty();
    }

    private void checkNames(TypeModel model) {
        Map<String, Property> byName = new HashMap<>();
        for (Property property : model.allProperties()) {
            Property previous = byName.putIfAbsent(property.bsonName(), property);
            if (previous != null) {
                reporter.error(property.element(), Message.DUPLICATE_NAME, previous.javaName(), property.javaName(),
                        property.bsonName());
            }
        }
    }

    /** "a String", "an int", "a List<String>": the simple names a user reads in the source. */
    static String describe(TypeName type) {
        String text = simple(type);
        return Reason.withArticle(text);
    }

    private static String simple(TypeName type) {
        if (type instanceof ClassName className) {
            return className.simpleName();
        }
        if (type instanceof ArrayTypeName array) {
            return simple(array.componentType()) + "[]";
        }
        if (type instanceof ParameterizedTypeName parameterized) {
            return parameterized.rawType().simpleName() + "<" + String.join(", ",
                    parameterized.typeArguments().stream().map(Validator::simple).toList()) + ">";
        }
        return type.toString();
    }
}
