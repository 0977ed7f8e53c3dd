package dev.keysmith.processor.reading;

import dev.keysmith.processor.messages.Reason;
import com.palantir.javapoet.TypeName;
import dev.keysmith.processor.model.Access;
import dev.keysmith.processor.model.Property;
import dev.keysmith.processor.model.ScalarKind;
import dev.keysmith.processor.model.TypeModel;
import dev.keysmith.processor.model.ValueType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.ExecutableType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * Makes a candidate a {@link Property}: its stored name, how the codec reads it from an instance and sets it, its
 * {@link ValueType} from {@link ValueTypes}, the driver's discriminator switches of {@code @BsonProperty}, its
 * {@code @BsonRepresentation} and {@code @BsonExtraElements}.
 *
 * <p>Not thread-safe: confine to one thread.
 */
final class PropertyReader {

    private final Elements elements;
    private final Types types;
    private final Annotations annotations;
    private final ValueTypes valueTypes;

    PropertyReader(Elements elements, Types types, Annotations annotations, ValueTypes valueTypes) {
        this.elements = elements;
        this.types = types;
        this.annotations = annotations;
        this.valueTypes = valueTypes;
    }

    /**
     * The property of each candidate, in order, with the type a creator parameter widens it to; a second
     * {@code @BsonExtraElements} property is unsupported (the unknown fields go into one).
     */
    List<Property> properties(TypeElement type, boolean isRecord, List<Candidate> candidates,
            CreatorReader.Creation creation) {
        List<Property> properties = new ArrayList<>();
        for (Candidate declared : candidates) {
            Candidate candidate = creation.widened().containsKey(declared.name())
                    ? declared.withType(creation.widened().get(declared.name())) : declared;
            Property property = property(type, isRecord, candidate, creation);
            if (property.extraElements() != null
                    && properties.stream().anyMatch(other -> other.extraElements() != null)) {
                property = new Property(property.javaName(), property.bsonName(), new ValueType.Unsupported(
                        property.type().javaType(), Reason.SECOND_EXTRA_ELEMENTS.format()), property.read(), property.write(), property.fieldIsPrivate(),
                        property.fieldIsFinal(), false, null, property.element());
            }
            properties.add(property);
        }
        return List.copyOf(properties);
    }

    private Property property(TypeElement type, boolean isRecord, Candidate candidate, CreatorReader.Creation creation) {
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
        Set<Modifier> modifiers = candidate.field() == null ? Set.of() : CandidateReader.modifiers(candidate.field());
        Optional<String> representation = candidate.sources().stream()
                .map(source -> Annotations.find(source, Annotations.BSON_REPRESENTATION))
                .flatMap(Optional::stream)
                .map(mirror -> annotations.value(mirror, "value").getValue().toString())
                .findFirst();
        boolean objectIdString = representation.isPresent() && representation.get().equals("OBJECT_ID")
                && valueType instanceof ValueType.Scalar scalar && scalar.kind() == ScalarKind.STRING;
        boolean asStored = representation.isEmpty() || objectIdString
                || valueType instanceof ValueType.Scalar scalar && scalar.kind().storedAs(representation.get());
        if (!asStored) {
            // A representation the codec would ignore would store other bytes than PojoCodec: refuse it.
            valueType = new ValueType.Unsupported(valueType.javaType(),
                    Reason.REPRESENTATION.format(representation.get()));
        }
        Property.ExtraElements extraElements = null;
        if (candidate.sources().stream().anyMatch(source -> Annotations.has(source, Annotations.BSON_EXTRA_ELEMENTS))) {
            extraElements = extraElements(valueType);
            if (extraElements == null) {
                valueType = new ValueType.Unsupported(valueType.javaType(), Reason.EXTRA_ELEMENTS_TYPE.format());
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
            return valueTypes.discriminators().switchedOn(element, valueType.javaType());
        }
        if (element.getKind() != ElementKind.CLASS || abstractType || !valueTypes.discriminators().isSourceClass(element)) {
            return valueType;
        }
        String name = element.getSimpleName().toString();
        boolean subclasses = valueTypes.discriminators().hasConcreteSubclass(element);
        if (!use && valueType instanceof ValueType.Polymorphic polymorphic) {
            return subclasses ? new ValueType.Unsupported(valueType.javaType(),
                    Reason.SWITCHED_OFF_WITH_SUBCLASSES.format(name))
                    : new ValueType.Rediscriminated(valueType.javaType(), polymorphic.key(), null, null);
        }
        if (use && !(valueType instanceof ValueType.Polymorphic)) {
            if (!(valueType instanceof ValueType.FromRegistry) && !(valueType instanceof ValueType.Parameterized)) {
                return valueType;
            }
            return subclasses ? new ValueType.Unsupported(valueType.javaType(),
                    Reason.SWITCHED_ON_WITH_SUBCLASSES.format(name))
                    : new ValueType.Rediscriminated(valueType.javaType(), "_t",
                            elements.getBinaryName(element).toString(),
                            valueType instanceof ValueType.Parameterized generic ? generic : null);
        }
        return valueType;
    }

    /** The {@code @BsonProperty} name of the candidate (of its written side if written), else its Java name. */
    static String bsonName(Candidate candidate) {
        String renamed = CandidateReader.renamed(candidate.encoded() ? candidate.encodeSources() : candidate.decodeSources());
        return renamed != null ? renamed : candidate.name();
    }

    private ExecutableType memberType(TypeElement owner, ExecutableElement method) {
        return (ExecutableType) types.asMemberOf((DeclaredType) owner.asType(), method);
    }
}
