package dev.keysmith.processor.messages;

import dev.keysmith.processor.model.IdSpec;
import java.util.Locale;

/**
 * Every error the processor reports: a stable tag, the rule, and the fix. {@code docs/troubleshooting.md}
 * lists them; the tests import the same constants. The id rules (ID_TYPE to SEQUENCE_START_ZERO) are the runtime's
 * rule book ({@code dev.keysmith.runtime.internal.IdRules}) word for word, which the processor cannot depend on:
 * {@code RuleBookConformanceTest} feeds every rule to both and compares the messages.
 *
 * <p>Immutable.
 */
public enum Message {

    /** The id's Java type does not fit its strategy. Arguments: annotation, accepted types, field, its type, hint. */
    ID_TYPE("KeysmithIdType", "%s needs %s field, but '%s' is %s; %s"),

    /** An array or collection carries an id annotation. Arguments: field, its type. */
    ID_ARRAY("KeysmithIdArray",
            "'%s' is %s, but an id is never an array or a collection (MongoDB's _id rules); "
                    + "use a single value such as ObjectId, String, UUID or long"),

    /** Two properties carry id annotations. Arguments: type, first field, second field. */
    TWO_IDS("KeysmithTwoIds",
            "%s has more than one id: '%s' and '%s'; an entity has exactly one id annotation, remove the others"),

    /** One property carries two id annotations. Arguments: field, first annotation, second annotation. */
    ID_ANNOTATIONS("KeysmithIdAnnotations",
            "'%s' carries both %s and %s; an id has exactly one strategy, keep one annotation"),

    /** {@code @RandomId(digits)} out of range. Arguments: digits. */
    RANDOM_DIGITS("KeysmithRandomDigits",
            "@RandomId(digits = %d) is out of range: digits must be between 1 and " + IdSpec.MAX_DIGITS + ", because "
                    + (IdSpec.MAX_DIGITS + 1) + " digits overflow long"),

    /** {@code @RandomId(attempts)} out of range. Arguments: attempts. */
    RANDOM_ATTEMPTS("KeysmithRandomAttempts",
            "@RandomId(attempts = %d) is out of range: an insert makes at least 1 attempt"),

    /** {@code @Sequence(digits)} out of range. Arguments: digits. */
    SEQUENCE_DIGITS("KeysmithSequenceDigits",
            "@Sequence(digits = %d) is out of range: digits must be between 0 (no limit) and " + IdSpec.MAX_DIGITS),

    /** {@code @Sequence(batch)} out of range. Arguments: batch. */
    SEQUENCE_BATCH("KeysmithSequenceBatch",
            "@Sequence(batch = %d) is out of range: a batch reserves at least 1 id"),

    /** {@code @Sequence(counters)} out of range. Arguments: counters, the largest allowed value. */
    SEQUENCE_COUNTERS("KeysmithSequenceCounters",
            "@Sequence(counters = %d) is out of range: counters must be between 1 and %d (one id per counter at least)"),

    /** {@code @Sequence(counters > 1)} without digits. Arguments: counters, counters. */
    SEQUENCE_COUNTERS_DIGITS("KeysmithSequenceCountersDigits",
            "@Sequence(counters = %d) needs digits: the id space [start, 10^digits - 1] is split among the counters; "
                    + "add digits, e.g. @Sequence(counters = %d, digits = 12)"),

    /** {@code @Sequence(start)} out of range. Arguments: start, the largest allowed value. */
    SEQUENCE_START("KeysmithSequenceStart",
            "@Sequence(start = %d) is out of range: start must be between 0 and %d, the largest id of the sequence"),

    /** start = 0 on a primitive id, where 0 means "no id yet". Arguments: field, type. */
    SEQUENCE_START_ZERO("KeysmithSequenceStartZero",
            "@Sequence(start = 0) on '%s', a primitive %s: 0 means \"no id yet\" there, so the id 0 would be replaced"
                    + " on insert and never saved; use start = 1, or a boxed id (Long, Integer) whose absence is null"),

    /** The id cannot be assigned. Arguments: field, why, setter name. */
    ID_NOT_ASSIGNABLE("KeysmithIdNotAssignable",
            "the id '%s' cannot be assigned: it is %s; make it a non-final field, add a setter %s, "
                    + "or add a constructor that takes every persisted field"),

    /** A persisted field has a type no codec can handle. Arguments: field, type, reason. */
    FIELD_TYPE("KeysmithFieldType",
            "'%s' has type %s, which keysmith cannot store: it is %s; use a supported kind, a concrete class, "
                    + "List/Set/Map<String, V> or an array of them, or mark the field @BsonIgnore"),

    /** An embedded type carries an id annotation. Arguments: type, field, annotation. */
    EMBEDDED_ID("KeysmithEmbeddedId",
            "@Embedded type %s has an id '%s' (%s), but an embedded document has no id; "
                    + "remove the annotation, or make the type a @Document"),

    /** A non-id field that decoding cannot set. Arguments: field, why, setter name. */
    NOT_SETTABLE("KeysmithNotSettable",
            "'%s' cannot be set when decoding: it is %s; make it non-final and non-private, add a setter %s, "
                    + "or add a constructor that takes every persisted field"),

    /** No way to create instances. Arguments: type, the persisted fields. */
    NO_CREATOR("KeysmithCreator",
            "%s cannot be created when decoding: it has no non-private constructor without parameters and none "
                    + "whose parameters are exactly its persisted fields %s; add one of them"),

    /** An id annotation on a member that is not stored. Arguments: annotation, member, why. */
    ID_PLACEMENT("KeysmithIdPlacement",
            "%s is on %s, which is not stored: it is %s; put the annotation on the id's instance field, "
                    + "or on its public getter getX()"),

    /** A {@code @BsonCreator} parameter names no property. Arguments: parameter, type, the properties. */
    CREATOR_PARAMETER("KeysmithCreatorParameter",
            "@BsonCreator parameter '%s' of %s matches no property of the same type among %s; name the property "
                    + "with @BsonProperty(\"...\") on the parameter, or @BsonId for the id"),

    /** The annotated type is of a kind no codec can be generated for. Arguments: type, annotation, why. */
    TYPE_KIND("KeysmithTypeKind",
            "%s cannot be %s: it is %s; use a top-level or static nested, non-private, non-abstract, "
                    + "non-generic class or record"),

    /** Two properties map to one BSON name. Arguments: first field, second field, name. */
    DUPLICATE_NAME("KeysmithDuplicateName",
            "'%s' and '%s' are both stored as '%s'; give one of them another @BsonProperty name"),

    /** A driver annotation on a field and on its accessor, with other values. Arguments: annotation, property, accessor. */
    DUPLICATE_ANNOTATION("KeysmithDuplicateAnnotation",
            "%s is on both the field '%s' and %s with different values; the driver's PojoCodec refuses such a class "
                    + "(an annotation already exists for the property), so keysmith does too; keep one of them, or "
                    + "make both the same"),

    /** An accessor whose type is unrelated to the property's. Arguments: property, accessor, its type, the type. */
    PROPERTY_TYPE("KeysmithPropertyType",
            "property '%s': %s has type %s, unrelated to the property's type %4$s; the driver's PojoCodec refuses "
                    + "such a class (differing data types), so keysmith does too; give the accessor %4$s, a subtype "
                    + "or a supertype of it, or another name"),

    /** A property that is set but never read from the instance. Arguments: property, setter or field, getter. */
    WRITE_ONLY("KeysmithWriteOnly",
            "property '%s' is set through %s but has no getter or public field to write it from; the driver's "
                    + "PojoCodec fails to encode such a class, so keysmith refuses it; add a public getter %s(), or "
                    + "mark the setter @BsonIgnore"),

    /**
     * A property written under one name and read under another. Arguments: property, written name, read name, where
     * the names come from ({@link Reason#ONE_SIDE} or {@link Reason#BOTH_SIDES}).
     */
    PROPERTY_NAME("KeysmithPropertyName",
            "property '%s' is written as '%s' but read as '%s' (%s); the driver's PojoCodec never reads back the "
                    + "value it writes, so keysmith refuses it; put one @BsonProperty on the field, or the same one "
                    + "on both the getter and the setter"),

    /** More than one {@code @BsonCreator}. Arguments: type, first, second. */
    TWO_CREATORS("KeysmithTwoCreators",
            "%s has more than one @BsonCreator: %s and %s; the driver refuses such a class (multiple constructors "
                    + "or methods annotated with @BsonCreator), so keysmith does too; keep one"),

    /** A static {@code @BsonCreator} that returns another type. Arguments: method, return type, declaring class. */
    CREATOR_RETURN("KeysmithCreatorReturn",
            "@BsonCreator %s returns %s, which is neither %3$s, the class that declares it, nor a subclass of it; the "
                    + "driver refuses such a creator, so keysmith does too; make it return %3$s"),

    /**
     * A superclass's static {@code @BsonCreator} whose result can never be of the type. Arguments: method, return
     * type, type.
     */
    CREATOR_RESULT("KeysmithCreatorResult",
            "@BsonCreator %s returns %s, which is never a %3$s, so it cannot create the %3$s being decoded; "
                    + "give %3$s a @BsonCreator of its own, or make the method return %3$s or one of its "
                    + "superclasses"),

    /**
     * A {@code @BsonId} creator parameter in a class without an id property. Arguments: parameter, type, the
     * properties.
     */
    CREATOR_ID("KeysmithCreatorId",
            "@BsonCreator parameter '%s' of %s is marked @BsonId, but %2$s has no id property (no @BsonId on a "
                    + "field or getter, no property named id); the driver's PojoCodec refuses such a class, so keysmith "
                    + "does too; put @BsonId on the field or getter of the property the parameter fills, or name "
                    + "that property with @BsonProperty(\"...\") on the parameter instead (one of %3$s)"),

    /** A Kotlin property of a value class type. Arguments: the class, the property. */
    KOTLIN_VALUE_CLASS("KeysmithKotlinValueClass",
            "'%2$s' of the Kotlin class %1$s is of a value class (@JvmInline): Kotlin hides its getter, and the "
                    + "constructor of %1$s, from Java under mangled names, so no generated codec can read or create "
                    + "%1$s; declare '%2$s' with the value class's underlying type (e.g. Long for "
                    + "value class OrderId(val value: Long))"),

    /** A generated id on a non-null Kotlin property of reference type. Arguments: class, property, type, type. */
    KOTLIN_NON_NULL_ID("KeysmithKotlinNonNullId",
            "the id '%2$s' of the Kotlin class %1$s is a non-null %3$s, so it is never absent and keysmith would "
                    + "never generate it; declare it nullable with no value: val %2$s: %4$s? = null"),

    /** A field type stayed undefined after the last round. Arguments: type, field, its type. */
    UNDEFINED_TYPE("KeysmithUndefinedType",
            "%s: the type of '%s' (%s) is still undefined after the last round; "
                    + "check the imports, or the processor that should generate it"),

    /** The processor itself failed. Arguments: type, the exception. */
    INTERNAL_ERROR("KeysmithInternalError",
            "keysmith failed on %s: %s; please report this, with the source of the type");

    private final String tag;
    private final String template;

    Message(String tag, String template) {
        this.tag = tag;
        this.template = template;
    }

    /** The stable tag, e.g. {@code KeysmithIdType}. */
    public String tag() {
        return tag;
    }

    /** The message text without arguments, with {@code %s}/{@code %d} where the arguments go. */
    public String template() {
        return template;
    }

    /** The full message: {@code [Tag] text}. */
    public String format(Object... args) {
        return "[" + tag + "] " + String.format(Locale.ROOT, template, args);
    }
}
