package dev.keysmith.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.keysmith.processor.Compilations.compile;
import static dev.keysmith.processor.Compilations.source;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import dev.keysmith.processor.messages.Message;
import dev.keysmith.processor.messages.Reason;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.StandardLocation;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One test per message of the catalog: the message, on the line that is wrong. */
class CompileErrorsTest {

    private static final String[] IMPORTS = {
        "package test;",
        "import dev.keysmith.annotations.*;",
        "import java.util.*;",
        "import org.bson.types.ObjectId;",
        "import org.bson.codecs.pojo.annotations.*;",
    };

    /** Compiles {@code test.Bad} and asserts {@code expected} on the line containing {@code line}. */
    private static Compilation assertError(String expected, String line, String... body) {
        JavaFileObject file = source("test.Bad", Stream.concat(Arrays.stream(IMPORTS), Arrays.stream(body))
                .toArray(String[]::new));
        Compilation compilation = compile(file);
        assertThat(compilation).failed();
        assertThat(compilation).hadErrorContaining(expected).inFile(file).onLineContaining(line);
        return compilation;
    }

    @Test
    void sequenceOnAString() {
        assertError(Message.ID_TYPE.format("@Sequence", "a long, Long, int or Integer", "code", "a String",
                        "use @UuidId or @GeneratedObjectId for String ids"),
                "String code",
                "@Document class Bad {",
                "  @Sequence String code;",
                "}");
    }

    @Test
    void generatedObjectIdOnALong() {
        assertError(Message.ID_TYPE.format("@GeneratedObjectId", "an ObjectId or String", "id", "a long",
                        "use @Sequence or @RandomId for numbers, @UuidId for UUIDs"),
                "long id",
                "class Bad {",
                "  @GeneratedObjectId long id;",
                "}");
    }

    @Test
    void uuidIdOnAnObjectId() {
        assertError(Message.ID_TYPE.format("@UuidId", "a UUID or String", "id", "an ObjectId",
                        "use @Sequence or @RandomId for numbers, @GeneratedObjectId for ObjectIds"),
                "ObjectId id",
                "record Bad(@UuidId ObjectId id) {}");
    }

    @Test
    void randomIdOnAnInt() {
        assertError(Message.ID_TYPE.format("@RandomId", "a long or Long", "number", "an int",
                        "use @Sequence for int ids, @UuidId or @GeneratedObjectId for String ids"),
                "int number",
                "class Bad {",
                "  @RandomId int number;",
                "}");
    }

    @Test
    void twoIds() {
        assertError(Message.TWO_IDS.format("Bad", "code", "id"), "String id",
                "class Bad {",
                "  @GeneratedObjectId String id;",
                "  @Sequence Long code;",
                "}");
    }

    @Test
    void twoStrategiesOnOneField() {
        assertError(Message.ID_ANNOTATIONS.format("id", "@GeneratedObjectId", "@UuidId"), "String id",
                "class Bad {",
                "  @GeneratedObjectId @UuidId String id;",
                "}");
    }

    @Test
    void arrayId() {
        assertError(Message.ID_ARRAY.format("id", "a long[]"), "long[] id",
                "class Bad {",
                "  @RandomId long[] id;",
                "}");
    }

    @Test
    void collectionId() {
        assertError(Message.ID_ARRAY.format("ids", "a List<String>"), "List<String> ids",
                "class Bad {",
                "  @UuidId List<String> ids;",
                "}");
    }

    @Test
    void randomDigitsOverflowLong() {
        assertError(Message.RANDOM_DIGITS.format(19), "digits = 19",
                "class Bad {",
                "  @RandomId(digits = 19) long id;",
                "}");
    }

    @Test
    void randomAttemptsBelowOne() {
        assertError(Message.RANDOM_ATTEMPTS.format(0), "attempts = 0",
                "class Bad {",
                "  @RandomId(attempts = 0) long id;",
                "}");
    }

    @Test
    void sequenceDigitsOutOfRange() {
        assertError(Message.SEQUENCE_DIGITS.format(19), "digits = 19",
                "class Bad {",
                "  @Sequence(digits = 19) long id;",
                "}");
    }

    @Test
    void sequenceBatchBelowOne() {
        assertError(Message.SEQUENCE_BATCH.format(0), "batch = 0",
                "class Bad {",
                "  @Sequence(batch = 0) long id;",
                "}");
    }

    @Test
    void countersWithoutDigits() {
        assertError(Message.SEQUENCE_COUNTERS_DIGITS.format(4, 4), "counters = 4",
                "class Bad {",
                "  @Sequence(counters = 4) long id;",
                "}");
    }

    @Test
    void moreCountersThanIds() {
        assertError(Message.SEQUENCE_COUNTERS.format(20, 9), "counters = 20",
                "class Bad {",
                "  @Sequence(counters = 20, digits = 1) long id;",
                "}");
    }

    @Test
    void startBeyondTheDigits() {
        assertError(Message.SEQUENCE_START.format(1000L, 999L), "start = 1000",
                "class Bad {",
                "  @Sequence(digits = 3, start = 1000) long id;",
                "}");
    }

    @Test
    void startZeroOnAPrimitiveId() {
        assertError(Message.SEQUENCE_START_ZERO.format("id", "long"), "start = 0",
                "class Bad {",
                "  @Sequence(start = 0) long id;",
                "}");
    }

    @Test
    void finalIdWithoutAConstructorThatTakesIt() {
        assertError(Message.ID_NOT_ASSIGNABLE.format("number", "final and no constructor takes it",
                        "setNumber(java.lang.Long)"), "final Long number",
                "class Bad {",
                "  @Sequence final Long number;",
                "  String title;",
                "  Bad() { number = null; }",
                "}");
    }

    @Test
    void interfaceField() {
        assertError(Message.FIELD_TYPE.format("task", "java.lang.Runnable",
                        "an interface, so nothing says which class to decode"), "Runnable task",
                "class Bad {",
                "  @GeneratedObjectId String id;",
                "  Runnable task;",
                "}");
    }

    @Test
    void aWildcardListOfAnInterfaceWithoutDiscriminator() {
        assertError("[KeysmithFieldType] 'pets' has type java.util.List<? extends test.Bad.Pet>, which keysmith "
                        + "cannot store: it is an interface without @BsonDiscriminator: the driver's PojoCodec writes "
                        + "each value with the codec of its class and cannot read it back (it has no class to "
                        + "create); put @BsonDiscriminator on Pet",
                "List<? extends Pet> pets",
                "@Document class Bad {",
                "  public interface Pet {}",
                "  public static class Cat implements Pet { public String name; }",
                "  public List<? extends Pet> pets;",
                "}");
    }

    @Test
    void anInterfaceSwitchedOnWithAnImplementationThatWritesNoDiscriminator() {
        assertError("[KeysmithFieldType] 'main' has type test.Bad.Vehicle, which keysmith cannot store: it is an "
                        + "interface without @BsonDiscriminator under @BsonProperty(useDiscriminator = true), where "
                        + "the driver's PojoCodec reads each value as the class its _t names, but writes a Bike "
                        + "without _t and cannot read it back; put @BsonDiscriminator on Vehicle",
                "Vehicle main",
                "@Document class Bad {",
                "  public interface Vehicle {}",
                "  public static class Bike implements Vehicle { public int gears; }",
                "  @BsonProperty(useDiscriminator = true) public Vehicle main;",
                "}");
    }

    @Test
    void aWildcardCollectionAsTheTypeArgumentOfAGenericEmbeddedType() {
        assertError(Message.FIELD_TYPE.format("tags", "test.Range<java.util.List<?>>",
                        "a generic type whose type argument java.util.List<?> is a raw or wildcard collection, or one "
                        + "keysmith cannot create; make the type argument a class (one that holds the value, e.g. "
                        + "Range<Tags> with a class Tags { List<String> values; }) or a generic class of this "
                        + "compilation"),
                "Range<List<?>> tags",
                "class Bad {",
                "  @GeneratedObjectId String id;",
                "  Range<List<?>> tags;",
                "}",
                "class Range<T> { T min; T max; }");
    }

    @Test
    void anInterfaceAsTheTypeArgumentOfAGenericEmbeddedType() {
        assertError(Message.FIELD_TYPE.format("task", "test.Box<java.lang.Runnable>",
                        "a generic type whose type argument java.lang.Runnable is an interface, so nothing says which "
                        + "class to decode; make the type argument a class (one that holds the value, e.g. Box<Tags> "
                        + "with a class Tags { List<String> values; }) or a generic class of this compilation"),
                "Box<Runnable> task",
                "class Bad {",
                "  @GeneratedObjectId String id;",
                "  Box<Runnable> task;",
                "}",
                "class Box<T> { T value; }");
    }

    @Test
    void aRawGenericEmbeddedType() {
        assertError(Message.FIELD_TYPE.format("price", "test.Range",
                        "a raw generic type, whose values' types are unknown; give its type arguments "
                        + "(Range<Integer>)"),
                "Range price",
                "class Bad {",
                "  @GeneratedObjectId String id;",
                "  @SuppressWarnings(\"rawtypes\") Range price;",
                "}",
                "class Range<T> { T min; T max; }");
    }

    @Test
    void aGenericEntity() {
        assertError(Message.TYPE_KIND.format("Bad", "an entity", "generic"), "class Bad<T>",
                "@Document class Bad<T> {",
                "  @GeneratedObjectId String id;",
                "  T value;",
                "}");
    }

    @Test
    void extraElementsOfAnotherType() {
        assertError(Message.FIELD_TYPE.format("rest", "java.util.List<java.lang.String>",
                        "annotated @BsonExtraElements, which collects the unknown fields into a Document, a "
                        + "BsonDocument or a Map<String, V>"),
                "List<String> rest",
                "class Bad {",
                "  @GeneratedObjectId String id;",
                "  @BsonExtraElements List<String> rest;",
                "}");
    }

    @Test
    void twoExtraElementsProperties() {
        assertError(Message.FIELD_TYPE.format("second", "org.bson.Document",
                        "a second @BsonExtraElements property, and the unknown fields go into one"),
                "Document second",
                "class Bad {",
                "  @GeneratedObjectId String id;",
                "  @BsonExtraElements org.bson.Document first;",
                "  @BsonExtraElements org.bson.Document second;",
                "}");
    }

    @Test
    void mapWithNonStringKeys() {
        assertError(Message.FIELD_TYPE.format("counts", "java.util.Map<java.lang.Integer, java.lang.String>",
                        "a map whose keys are not String (document keys are strings)"), "counts;",
                "class Bad {",
                "  @GeneratedObjectId String id;",
                "  Map<Integer, String> counts;",
                "}");
    }

    @Test
    void embeddedWithAnId() {
        assertError(Message.EMBEDDED_ID.format("Bad", "id", "@GeneratedObjectId"), "String id",
                "@Embedded class Bad {",
                "  @GeneratedObjectId String id;",
                "}");
    }

    @Test
    void idOnAPrivateFieldWithoutGetter() {
        assertError(Message.ID_PLACEMENT.format("@GeneratedObjectId", "field 'id'",
                        "private with no getter, and the driver stores a private field only through its getter"),
                "private String id",
                "class Bad {",
                "  @GeneratedObjectId private String id;",
                "  public String name;",
                "}");
    }

    @Test
    void fieldOfASubtypeWithOtherTypeArgumentsWithoutSetter() {
        // (A field of a subtype with the same type arguments is set with a cast, as the driver sets it.)
        assertError(Message.NOT_SETTABLE.format("tags", "a field of a subtype of the property's type with other "
                        + "type arguments, with no setter", "setTags(java.util.List<? extends java.lang.CharSequence>)"),
                "ArrayList<String> tags",
                "@Document class Bad {",
                "  public ArrayList<String> tags;",
                "  public List<? extends CharSequence> getTags() { return tags; }",
                "}");
    }

    @Test
    void noConstructorToCreateInstances() {
        assertError(Message.NO_CREATOR.format("Bad", "[id, name]"), "class Bad",
                "class Bad {",
                "  @GeneratedObjectId String id;",
                "  final String name;",
                "  Bad(String other, int x) { name = other; }",
                "}");
    }

    @Test
    void creatorParameterThatNamesNoProperty() {
        assertError(Message.CREATOR_PARAMETER.format("total", "Bad", "[id, amount]"), "String total",
                "class Bad {",
                "  @GeneratedObjectId String id;",
                "  final long amount;",
                "  @BsonCreator Bad(@BsonId String id,",
                "      @BsonProperty(\"total\") String total) { this.id = id; this.amount = 0; }",
                "}");
    }

    @Test
    void aRepresentationKeysmithWouldIgnore() {
        assertError(Message.FIELD_TYPE.format("owner", "org.bson.types.ObjectId", "to be stored as STRING by "
                        + "@BsonRepresentation, which keysmith supports only as OBJECT_ID on a String"),
                "ObjectId owner",
                "class Bad {",
                "  @GeneratedObjectId String id;",
                "  @BsonRepresentation(org.bson.BsonType.STRING) ObjectId owner;",
                "}");
    }

    @Test
    void idOnAStaticField() {
        assertError(Message.ID_PLACEMENT.format("@GeneratedObjectId", "field 'id'",
                        "static, and only instance fields are stored"), "static String id",
                "@Document class Bad {",
                "  @GeneratedObjectId static String id;",
                "  String name;",
                "}");
    }

    @Test
    void idOnAMethodParameter() {
        assertError(Message.ID_PLACEMENT.format("@Sequence", "parameter 'next' of method 'renumber()'",
                        "no property, and an id annotation on a parameter counts only on a constructor's"),
                "void renumber",
                "@Document class Bad {",
                "  long number;",
                "  void renumber(@Sequence long next) { number = next; }",
                "}");
    }

    @Test
    void idOnAConstructorParameterNamedAfterNoProperty() {
        assertError(Message.ID_PLACEMENT.format("@Sequence", "parameter 'first' of the constructor",
                        "named after no property, and an id annotation on a constructor parameter counts for the "
                                + "property of the same name"),
                "Bad(@Sequence",
                "@Document class Bad {",
                "  Long number;",
                "  Bad() {}",
                "  Bad(@Sequence Long first) { number = first; }",
                "}");
    }

    /** A Java class too may carry the id annotation on its constructor's parameter of the property's name. */
    @Test
    void idOnAConstructorParameterCountsForItsProperty() {
        Compilation compilation = compile(source("test.Ticket",
                "package test;",
                "import dev.keysmith.annotations.*;",
                "public class Ticket {",
                "  private final Long number;",
                "  private final String title;",
                "  public Ticket(@Sequence Long number, String title) { this.number = number; this.title = title; }",
                "  public Long getNumber() { return number; }",
                "  public String getTitle() { return title; }",
                "}"));
        assertThat(compilation).succeededWithoutWarnings();
        assertThat(compilation).generatedSourceFile("test.Ticket_KeysmithCodec").contentsAsUtf8String()
                .contains("sequence.next()");
    }

    @Test
    void idOnAMethodThatIsNoGetter() {
        assertError(Message.ID_PLACEMENT.format("@Sequence", "method 'code()'",
                        "neither a public getter nor the getter of a field"), "long code()",
                "@Document class Bad {",
                "  long number;",
                "  @Sequence long code() { return number; }",
                "}");
    }

    @Test
    void idOnAGetterWithNoFieldOrSetter() {
        assertError(Message.ID_NOT_ASSIGNABLE.format("code", "a getter with no field or setter", "setCode(long)"),
                "public long getCode()",
                "@Document class Bad {",
                "  long number;",
                "  @Sequence public long getCode() { return number; }",
                "}");
    }

    @Test
    void abstractDocumentWithoutADiscriminator() {
        assertError(Message.TYPE_KIND.format("Bad", "an entity", "abstract without @BsonDiscriminator, so nothing "
                        + "in a document says which subclass it holds (with @BsonDiscriminator on it, its collection "
                        + "holds its subclasses)"), "abstract class Bad",
                "@Document abstract class Bad {",
                "  @GeneratedObjectId String id;",
                "}");
    }

    @Test
    void abstractDocumentWithADiscriminatorAndNoSubclass() {
        assertError(Message.TYPE_KIND.format("Bad", "an entity", "abstract with no concrete subclass in this "
                        + "compilation to store"), "abstract class Bad",
                "@Document @BsonDiscriminator abstract class Bad {",
                "  @GeneratedObjectId String id;",
                "}");
    }

    @Test
    void abstractEmbeddedTypeStaysRefused() {
        assertError(Message.TYPE_KIND.format("Bad", "@Embedded", "abstract"), "abstract class Bad",
                "@Embedded @BsonDiscriminator abstract class Bad {",
                "  public String name;",
                "}");
    }

    @Test
    void anInterfaceIsNoEntityAndTheMessageReadsRight() {
        assertError(Message.TYPE_KIND.format("Bad", "an entity", "an interface"), "interface Bad",
                "@Document interface Bad {",
                "}");
    }

    @Test
    void anEnumIsNoEmbeddedType() {
        assertError(Message.TYPE_KIND.format("Bad", "@Embedded", "an enum"), "enum Bad",
                "@Embedded enum Bad { A }");
    }

    @Test
    void duplicateBsonName() {
        assertError(Message.DUPLICATE_NAME.format("name", "title", "name"), "String title",
                "class Bad {",
                "  @GeneratedObjectId String id;",
                "  String name;",
                "  @BsonProperty(\"name\") String title;",
                "}");
    }

    @Test
    void bsonPropertyOnTheFieldAndItsGetter() {
        assertError(Message.DUPLICATE_ANNOTATION.format("@BsonProperty", "color", "getColor()"), "\"theme\"",
                "@Document class Bad {",
                "  @BsonProperty(\"color\") private String color;",
                "  @BsonProperty(\"theme\") public String getColor() { return color; }",
                "  public void setColor(String color) { this.color = color; }",
                "}");
    }

    @Test
    void differentBsonPropertiesOnTheFieldAndItsSetter() {
        assertError(Message.DUPLICATE_ANNOTATION.format("@BsonProperty", "note", "setNote()"), "void setNote",
                "@Document class Bad {",
                "  @BsonProperty(\"note\") private String note;",
                "  public String getNote() { return note; }",
                "  @BsonProperty(\"remark\") public void setNote(String note) { this.note = note; }",
                "}");
    }

    @Test
    void theSameAnnotationsOnAFieldAndItsAccessorsCompile() {
        assertThat(compile(source("test.Good", Stream.concat(Arrays.stream(IMPORTS), Stream.of(
                "@Document class Good {",
                "  @BsonIgnore @BsonProperty(\"n\") private String note;",
                "  @BsonProperty(\"n\") public String getNote() { return note; }",
                "  @BsonIgnore @BsonProperty(value = \"n\") public void setNote(String note) { this.note = note; }",
                "  public String name;",
                "}")).toArray(String[]::new)))).succeededWithoutWarnings();
    }

    @Test
    void getterAndSetterOfUnrelatedTypes() {
        assertError(Message.PROPERTY_TYPE.format("size", "getSize()", "java.lang.String", "int"), "getSize",
                "@Document class Bad {",
                "  private int size;",
                "  public String getSize() { return String.valueOf(size); }",
                "  public void setSize(int size) { this.size = size; }",
                "}");
    }

    @Test
    void setterWithoutGetter() {
        assertError(Message.WRITE_ONLY.format("label", "setLabel()", "getLabel"), "void setLabel",
                "@Document class Bad {",
                "  public String name;",
                "  public void setLabel(String label) { this.name = label; }",
                "}");
    }

    @Test
    void bsonPropertyOnTheGetterOnly() {
        assertError(Message.PROPERTY_NAME.format("title", "heading", "title",
                        Reason.ONE_SIDE.format("getTitle()")), "\"heading\"",
                "@Document class Bad {",
                "  private String title;",
                "  @BsonProperty(\"heading\") public String getTitle() { return title; }",
                "  public void setTitle(String title) { this.title = title; }",
                "}");
    }

    @Test
    void twoCreators() {
        assertError(Message.TWO_CREATORS.format("Bad", "the constructor Bad(java.lang.String)", "the method of()"),
                "static Bad of",
                "@Document class Bad {",
                "  private final String name;",
                "  @BsonCreator public Bad(@BsonProperty(\"name\") String name) { this.name = name; }",
                "  @BsonCreator public static Bad of(@BsonProperty(\"name\") String name) { return new Bad(name); }",
                "  public String getName() { return name; }",
                "}");
    }

    @Test
    void creatorReturningAnotherType() {
        assertError(Message.CREATOR_RETURN.format("the method parse()", "java.lang.String", "Bad"),
                "static String parse",
                "@Document class Bad {",
                "  public String name;",
                "  @BsonCreator public static String parse(@BsonProperty(\"name\") String name) { return name; }",
                "}");
    }

    @Test
    void differentBsonPropertiesOnTheGetterAndTheSetter() {
        assertError(Message.PROPERTY_NAME.format("title", "heading", "caption",
                        Reason.BOTH_SIDES.format("getTitle()", "setTitle()")),
                "\"heading\"",
                "@Document class Bad {",
                "  private String title;",
                "  @BsonProperty(\"heading\") public String getTitle() { return title; }",
                "  @BsonProperty(\"caption\") public void setTitle(String title) { this.title = title; }",
                "}");
    }

    @Test
    void aSuperclassCreatorWhoseResultIsNeverTheType() {
        assertError(Message.CREATOR_RESULT.format("the method of()", "test.Other", "Bad"), "static Other of",
                "@Document class Bad extends Base {}",
                "abstract class Base {",
                "  public String name;",
                "  @BsonCreator public static Other of(@BsonProperty(\"name\") String name) { return new Other(); }",
                "}",
                "class Other extends Base {}");
    }

    @Test
    void aBsonIdCreatorParameterWithoutIdProperty() {
        Compilation compilation = assertError(Message.CREATOR_ID.format("code", "Bad", "[code]"), "@BsonId String code",
                "@Document class Bad {",
                "  private final String code;",
                "  @BsonCreator public Bad(@BsonId String code) { this.code = code; }",
                "  public String getCode() { return code; }",
                "}");
        assertThat(compilation.errors()).hasSize(1);
    }

    @Test
    void aRefusedCreatorIsTheOnlyErrorAboutCreation() {
        Compilation compilation = assertError(Message.CREATOR_RETURN.format("the method parse()",
                        "java.lang.String", "Bad"), "static String parse",
                "@Document class Bad {",
                "  private final String name;",
                "  Bad(String name) { this.name = name; }",
                "  public String getName() { return name; }",
                "  @BsonCreator public static String parse(@BsonProperty(\"name\") String name) { return name; }",
                "}");
        assertThat(compilation.errors()).hasSize(1);
    }

    @Test
    void discriminatedClassWithSubclassesUnderBsonPropertyWithoutUseDiscriminator() {
        assertError("[KeysmithFieldType] 'pet' has type test.Bad.Pet, which keysmith cannot store: it is a "
                        + "@BsonDiscriminator class with subclasses under a @BsonProperty without useDiscriminator = "
                        + "true: the driver writes a Pet there without its discriminator, and a subclass's value with "
                        + "its own, which it reads back as a Pet, losing the subclass's fields; add useDiscriminator "
                        + "= true to the @BsonProperty",
                "Pet pet",
                "@Document class Bad {",
                "  @BsonDiscriminator public static class Pet { public String name; }",
                "  public static class Dog extends Pet { public boolean goodBoy; }",
                "  @BsonProperty(\"animal\") public Pet pet;",
                "}");
    }

    @Test
    void useDiscriminatorOnAClassWithoutOneThatHasSubclasses() {
        assertError("[KeysmithFieldType] 'place' has type test.Bad.Place, which keysmith cannot store: it is a "
                        + "class without @BsonDiscriminator that has subclasses, under @BsonProperty(useDiscriminator "
                        + "= true): the driver writes a subclass's value there without a discriminator and reads it "
                        + "back as a Place, losing the subclass's fields; put @BsonDiscriminator on Place",
                "Place place",
                "@Document class Bad {",
                "  public static class Place { public String name; }",
                "  public static class City extends Place { public int people; }",
                "  @BsonProperty(useDiscriminator = true) public Place place;",
                "}");
    }

    @Test
    void typeThatStaysUndefined() {
        JavaFileObject file = source("test.Bad", "package test;",
                "class Bad {",
                "  @dev.keysmith.annotations.GeneratedObjectId String id;",
                "  NeverDefined other;",
                "}");
        Compilation compilation = compile(file);
        assertThat(compilation).failed();
        assertThat(compilation).hadErrorContaining(Message.UNDEFINED_TYPE.format("Bad", "other", "NeverDefined"))
                .inFile(file).onLineContaining("NeverDefined other");
    }

    @Test
    void aFailureOfTheProcessorIsReportedOnTheTypeNotAsAStackTrace() {
        // An older keysmith-annotations whose @Sequence lacks attributes makes the reader fail.
        JavaFileObject oldSequence = source("dev.keysmith.annotations.Sequence",
                "package dev.keysmith.annotations;",
                "public @interface Sequence {}");
        JavaFileObject file = source("test.Bad", "package test;",
                "class Bad {",
                "  @dev.keysmith.annotations.Sequence long id;",
                "}");
        Compilation compilation = compile(oldSequence, file);
        assertThat(compilation).failed();
        assertThat(compilation).hadErrorContaining("[KeysmithInternalError] keysmith failed on test.Bad: "
                + "java.lang.IllegalArgumentException").inFile(file).onLineContaining("class Bad");
        assertThat(compilation).hadErrorContaining(Message.INTERNAL_ERROR.template().substring(
                Message.INTERNAL_ERROR.template().lastIndexOf(';')));
    }

    @Test
    void everyErrorIsReportedAndOnlyValidTypesGetCode(@TempDir Path output) throws IOException {
        JavaFileObject bad = source("test.Bad", "package test;",
                "import dev.keysmith.annotations.*;",
                "class Bad {",
                "  @Sequence String code;",
                "  Runnable task;",
                "}");
        JavaFileObject good = source("test.Good", "package test;",
                "record Good(@dev.keysmith.annotations.GeneratedObjectId String id, String name) {}");
        Compilation compilation = compile(bad, good);
        assertThat(compilation).failed();
        assertThat(compilation.errors()).hasSize(2);
        assertThat(compilation).hadErrorContaining("[KeysmithIdType]").inFile(bad).onLineContaining("String code");
        assertThat(compilation).hadErrorContaining("[KeysmithFieldType]").inFile(bad)
                .onLineContaining("Runnable task");

        // compile-testing hides generated files of a failed compilation: compile again into a directory.
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        try (StandardJavaFileManager files = javac.getStandardFileManager(null, null, null)) {
            files.setLocation(StandardLocation.SOURCE_OUTPUT, List.of(output.toFile()));
            files.setLocation(StandardLocation.CLASS_OUTPUT, List.of(output.toFile()));
            JavaCompiler.CompilationTask task = javac.getTask(null, files, diagnostic -> { }, null, null,
                    List.of(bad, good));
            task.setProcessors(List.of(new KeysmithProcessor()));
            assertThat(task.call()).isFalse();
        }
        assertThat(output.resolve("test/Good_KeysmithCodec.java")).exists();
        assertThat(output.resolve("test/Bad_KeysmithCodec.java")).doesNotExist();
    }
}
