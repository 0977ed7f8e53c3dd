package dev.keysmith.processor.reading;

import dev.keysmith.processor.messages.Reason;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.TypeName;
import dev.keysmith.processor.model.TypeModel;
import dev.keysmith.processor.model.ValueType;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.Supplier;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * The driver's {@code @BsonDiscriminator} rules: a class's discriminator as the driver reads it from its
 * hierarchy, the classes of this compilation a discriminated type's values can be, and what an interface or
 * abstract class without one becomes (refused, or read by {@code _t} under {@code useDiscriminator = true}).
 *
 * <p>Not thread-safe: confine to one thread.
 */
final class Discriminators {

    private final Elements elements;
    private final Types types;
    private final Supplier<List<TypeElement>> sourceClasses;

    /**
     * @param sourceClasses the classes compiled here, nested ones included: where the subclasses of a type with a
     *     {@code @BsonDiscriminator} are looked for
     */
    Discriminators(Elements elements, Types types, Supplier<List<TypeElement>> sourceClasses) {
        this.elements = elements;
        this.types = types;
        this.sourceClasses = sourceClasses;
    }

    /**
     * The {@code @BsonDiscriminator} of {@code type} as the driver reads it: the nearest annotation on the class,
     * the interfaces it implements, its superclass and their interfaces (in that order) decides alone; its key
     * defaults to {@code _t}, its value to the binary class name. Null if none carries the annotation.
     */
    TypeModel.Discriminator discriminator(TypeElement type) {
        for (TypeElement current : PropertyScan.hierarchy(type)) {
            Optional<AnnotationMirror> mirror = Annotations.find(current, Annotations.BSON_DISCRIMINATOR);
            if (mirror.isPresent()) {
                String key = "_t";
                String value = elements.getBinaryName(type).toString();
                AnnotationValue keyValue = Annotations.explicitValue(mirror.get(), "key");
                if (keyValue != null && !((String) keyValue.getValue()).isEmpty()) {
                    key = (String) keyValue.getValue();
                }
                AnnotationValue nameValue = Annotations.explicitValue(mirror.get(), "value");
                if (nameValue != null && !((String) nameValue.getValue()).isEmpty()) {
                    value = (String) nameValue.getValue();
                }
                return new TypeModel.Discriminator(key, value);
            }
        }
        return null;
    }

    /** Whether {@code element} is a class of this compilation (its codec is generated here). */
    boolean isSourceClass(TypeElement element) {
        return sourceClasses.get().contains(element);
    }

    /** Whether a concrete class compiled here extends {@code base}. */
    boolean hasConcreteSubclass(TypeElement base) {
        for (TypeElement candidate : sourceClasses.get()) {
            if (candidate != base && candidate.getKind() == ElementKind.CLASS
                    && !candidate.getModifiers().contains(Modifier.ABSTRACT)
                    && types.isSubtype(types.erasure(candidate.asType()), types.erasure(base.asType()))) {
                return true;
            }
        }
        return false;
    }

    /** The class itself (if concrete) and its concrete subclasses compiled here, by discriminator value. */
    ValueType polymorphic(TypeElement base, TypeName javaType, TypeModel.Discriminator discriminator) {
        SortedMap<String, ClassName> classes = new TreeMap<>();
        List<TypeElement> candidates = new ArrayList<>(sourceClasses.get());
        if (!candidates.contains(base)) {
            candidates.add(base);
        }
        for (TypeElement candidate : candidates) {
            if (candidate.getModifiers().contains(Modifier.ABSTRACT) || candidate.getKind() != ElementKind.CLASS
                    || !types.isSubtype(types.erasure(candidate.asType()), types.erasure(base.asType()))) {
                continue;
            }
            TypeModel.Discriminator own = discriminator(candidate);
            if (own != null && own.key().equals(discriminator.key())) {
                classes.put(own.value(), ClassName.get(candidate));
            }
        }
        if (classes.isEmpty()) {
            return new ValueType.Unsupported(javaType, Reason.NO_SUBCLASS.format());
        }
        return new ValueType.Polymorphic(javaType, discriminator.key(), classes);
    }

    /**
     * An interface or abstract class without {@code @BsonDiscriminator}: the driver writes each value with the
     * codec of its class and cannot read it back (it has no class to create), so it is refused with the fix.
     */
    ValueType undiscriminated(TypeElement element, TypeName javaType) {
        String kind = kind(element);
        if (!isSourceClass(element)) {
            // (Not compiled here: no annotation can be added, and no implementation is known.)
            return new ValueType.Unsupported(javaType, Reason.UNKNOWN_IMPLEMENTATION.format(kind));
        }
        return new ValueType.Unsupported(javaType, Reason.UNDISCRIMINATED.format(kind, element.getSimpleName()));
    }

    /**
     * An interface or abstract class without {@code @BsonDiscriminator} under
     * {@code @BsonProperty(useDiscriminator = true)}: the driver reads the key {@code _t} of each value and
     * creates the class it names, so the values of classes that write {@code _t} (an inherited
     * {@code @BsonDiscriminator}) come back; a class of this compilation that writes none would not, and is
     * refused with the fix.
     */
    private static String kind(TypeElement type) {
        return (type.getKind() == ElementKind.INTERFACE ? Reason.INTERFACE : Reason.ABSTRACT_CLASS).format();
    }

    ValueType switchedOn(TypeElement base, TypeName javaType) {
        for (TypeElement candidate : sourceClasses.get()) {
            if (candidate.getKind() == ElementKind.CLASS && !candidate.getModifiers().contains(Modifier.ABSTRACT)
                    && types.isSubtype(types.erasure(candidate.asType()), types.erasure(base.asType()))) {
                TypeModel.Discriminator own = discriminator(candidate);
                if (own == null || !own.key().equals("_t")) {
                    return new ValueType.Unsupported(javaType, Reason.SWITCHED_ON_WITHOUT_KEY.format(kind(base),
                            candidate.getSimpleName(), base.getSimpleName()));
                }
            }
        }
        return polymorphic(base, javaType, new TypeModel.Discriminator("_t", null));
    }

}
