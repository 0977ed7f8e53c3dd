package dev.keysmith.processor.messages;

import java.util.Locale;

/**
 * The parts of {@link Message}s that depend on the case: why a type cannot be stored (completing "it is ..." of
 * {@link Message#FIELD_TYPE}), what a misplaced id annotation is on and why it is not stored, which accessors rename
 * a property, the ids a strategy accepts. With {@link Message}, every sentence the processor says; no other class
 * builds one ({@code CatalogTest} checks it).
 *
 * <p>Immutable.
 */
public enum Reason {

    // Why a type cannot be stored (FIELD_TYPE): "it is ...".
    METHOD_TYPE_VARIABLE("a type variable of a method, whose stored type is unknown"),
    OTHER_KIND("a %s type"),
    GENERIC_ARRAY("an array of a generic type, which Java cannot create"),
    RAW_GENERIC("a raw generic type, whose values' types are unknown; give its type arguments (%s<Integer>)"),
    FOREIGN_GENERIC("a generic type other than a Collection or Map that is not a concrete class of this compilation, "
            + "and the registry finds codecs by class alone; store a class without type parameters"),
    TYPE_ARGUMENT("a generic type whose type argument %s is %s; make the type argument a class (one that holds the "
            + "value, e.g. %s<Tags> with a class Tags { List<String> values; }) or a generic class of this compilation"),
    WILDCARD("a wildcard"),
    ARRAY("an array"),
    OBJECT("Object"),
    ARGUMENT_COLLECTION("a raw or wildcard collection, or one keysmith cannot create"),
    ARGUMENT_MAP("a raw or wildcard map, one without String keys, or one keysmith cannot create"),
    WILDCARD_COLLECTION("a raw or wildcard collection, whose elements are unknown"),
    UNCREATABLE_COLLECTION("a collection type that keysmith cannot create (no public constructor without parameters); "
            + "declare it as List, Set or another Collection interface"),
    WILDCARD_MAP("a raw or wildcard map, whose values are unknown"),
    NON_STRING_KEYS("a map whose keys are not String (document keys are strings)"),
    UNCREATABLE_MAP("a map type that keysmith cannot create (no public constructor without parameters); declare it "
            + "as Map or another Map interface"),
    NO_SUBCLASS("a class with @BsonDiscriminator that has no concrete subclass in this compilation, so nothing says "
            + "which class to decode"),
    INTERFACE("an interface"),
    ABSTRACT_CLASS("an abstract class"),
    /** Arguments: {@link #INTERFACE} or {@link #ABSTRACT_CLASS}. */
    UNKNOWN_IMPLEMENTATION("%s, so nothing says which class to decode"),
    /** Arguments: {@link #INTERFACE} or {@link #ABSTRACT_CLASS}, its name. */
    UNDISCRIMINATED("%s without @BsonDiscriminator: the driver's PojoCodec writes each value with the codec of its "
            + "class and cannot read it back (it has no class to create); put @BsonDiscriminator on %s, and each "
            + "value is stored with the discriminator of its class and read back as that class"),
    /** Arguments: {@link #INTERFACE} or {@link #ABSTRACT_CLASS}, the implementation, the type's name. */
    SWITCHED_ON_WITHOUT_KEY("%s without @BsonDiscriminator under @BsonProperty(useDiscriminator = true), where the "
            + "driver's PojoCodec reads each value as the class its _t names, but writes a %s without _t and cannot "
            + "read it back; put @BsonDiscriminator on %s, and every value is stored with _t and read back as its "
            + "class"),
    /** Arguments: the class. */
    SWITCHED_OFF_WITH_SUBCLASSES("a @BsonDiscriminator class with subclasses under a @BsonProperty without "
            + "useDiscriminator = true: the driver writes a %1$s there without its discriminator, and a subclass's "
            + "value with its own, which it reads back as a %1$s, losing the subclass's fields; add "
            + "useDiscriminator = true to the @BsonProperty (the documents then hold each value's discriminator, as "
            + "without the @BsonProperty)"),
    /** Arguments: the class. */
    SWITCHED_ON_WITH_SUBCLASSES("a class without @BsonDiscriminator that has subclasses, under "
            + "@BsonProperty(useDiscriminator = true): the driver writes a subclass's value there without a "
            + "discriminator and reads it back as a %1$s, losing the subclass's fields; put @BsonDiscriminator on "
            + "%1$s (each value then holds the discriminator of its class)"),
    SECOND_EXTRA_ELEMENTS("a second @BsonExtraElements property, and the unknown fields go into one"),
    /** Arguments: the representation. */
    REPRESENTATION("to be stored as %s by @BsonRepresentation, which keysmith supports only as OBJECT_ID on a String"),
    EXTRA_ELEMENTS_TYPE("annotated @BsonExtraElements, which collects the unknown fields into a Document, a "
            + "BsonDocument or a Map<String, V>"),

    // Elements as messages name them.
    /** Arguments: the field. */
    FIELD("field '%s'"),
    /** Arguments: the field. */
    THE_FIELD("the field '%s'"),
    /** Arguments: the constructor. */
    THE_CONSTRUCTOR("the constructor %s"),
    /** Arguments: the method. */
    THE_METHOD("the method %s()"),
    /** Arguments: the method. */
    METHOD("method '%s()'"),
    /** Arguments: the parameter, {@link #CONSTRUCTOR} or {@link #METHOD}. */
    PARAMETER("parameter '%s' of %s"),
    CONSTRUCTOR("the constructor"),
    AN_ID_ANNOTATION("an id annotation"),
    /** A noun with its article: "a String". */
    A("a %s"),
    /** A noun with its article: "an int". */
    AN("an %s"),

    // Why an id annotation's member is not stored (ID_PLACEMENT).
    STATIC_FIELD("static, and only instance fields are stored"),
    TRANSIENT_FIELD("transient, and transient fields are not stored"),
    PRIVATE_FIELD("private with no getter, and the driver stores a private field only through its getter"),
    CONSTRUCTOR_PARAMETER("named after no property, and an id annotation on a constructor parameter counts for the "
            + "property of the same name"),
    METHOD_PARAMETER("no property, and an id annotation on a parameter counts only on a constructor's"),
    NO_GETTER("neither a public getter nor the getter of a field"),

    // Why a property cannot be set (ID_NOT_ASSIGNABLE, NOT_SETTABLE).
    FINAL_NOT_TAKEN("final and no constructor takes it"),
    GETTER_ONLY("a getter with no field or setter"),
    SUBTYPE_FIELD("a field of a subtype of the property's type with other type arguments, with no setter"),

    // Why a type cannot be an entity or embedded (TYPE_KIND).
    AN_ENTITY("an entity"),
    ABSTRACT("abstract"),
    ABSTRACT_UNDISCRIMINATED("abstract without @BsonDiscriminator, so nothing in a document says which subclass it "
            + "holds (with @BsonDiscriminator on it, its collection holds its subclasses)"),
    ABSTRACT_WITHOUT_SUBCLASS("abstract with no concrete subclass in this compilation to store"),
    PRIVATE("private"),
    INNER_CLASS("an inner class, which needs an enclosing instance"),
    GENERIC("generic"),

    // The ids a strategy accepts (ID_TYPE), and the hint.
    OBJECT_ID_TYPES("an ObjectId or String"),
    SEQUENCE_TYPES("a long, Long, int or Integer"),
    UUID_TYPES("a UUID or String"),
    RANDOM_TYPES("a long or Long"),
    OBJECT_ID_HINT("use @Sequence or @RandomId for numbers, @UuidId for UUIDs"),
    SEQUENCE_HINT("use @UuidId or @GeneratedObjectId for String ids"),
    UUID_HINT("use @Sequence or @RandomId for numbers, @GeneratedObjectId for ObjectIds"),
    RANDOM_HINT("use @Sequence for int ids, @UuidId or @GeneratedObjectId for String ids"),

    // Where a property's names come from (PROPERTY_NAME).
    /** Arguments: the annotated accessor. */
    ONE_SIDE("a @BsonProperty on %s only"),
    /** Arguments: the getter, the setter. */
    BOTH_SIDES("the @BsonProperty of %s and that of %s differ"),

    // What failed inside the processor (INTERNAL_ERROR).
    /** Arguments: the path of the file. */
    SERVICE_FILE("the ServiceLoader registration %s"),
    /** Arguments: the codec, the failure. */
    CANNOT_WRITE("cannot write %s: %s"),
    /** Arguments: the property. */
    NO_ID_PROPERTY("no property for the id candidate '%s'"),
    /** Arguments: the annotation, the attribute. */
    NO_ATTRIBUTE("%s has no attribute %s");

    private final String template;

    Reason(String template) {
        this.template = template;
    }

    /** The text without arguments, with {@code %s} where the arguments go. */
    public String template() {
        return template;
    }

    /** The text with its arguments. */
    public String format(Object... args) {
        return String.format(Locale.ROOT, template, args);
    }

    /** "a String", "an int": the article that {@code noun}'s first letter takes, and the noun. */
    public static String withArticle(String noun) {
        return ("AEIOU".indexOf(Character.toUpperCase(noun.charAt(0))) >= 0 ? AN : A).format(noun);
    }
}
