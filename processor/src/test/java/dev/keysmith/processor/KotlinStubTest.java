package dev.keysmith.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.keysmith.processor.Compilations.source;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.testing.compile.Compilation;
import dev.keysmith.processor.messages.Message;
import dev.keysmith.runtime.IdGenerators;
import dev.keysmith.runtime.codec.EntityCodec;
import dev.keysmith.runtime.codec.EntityDecodingException;
import java.lang.reflect.Constructor;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import javax.tools.JavaFileObject;
import org.bson.BsonDocument;
import org.bson.BsonObjectId;
import org.bson.codecs.BsonValueCodecProvider;
import org.bson.codecs.ValueCodecProvider;
import org.bson.codecs.configuration.CodecRegistries;
import org.bson.codecs.configuration.CodecRegistry;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Kotlin classes as kapt shows them to the processor: Java stubs with Kotlin's names, {@code @NotNull}/{@code
 * @Nullable} from {@code org.jetbrains.annotations}, {@code @kotlin.Metadata}, and the id annotation wherever
 * Kotlin put it. The stubs here are shaped as kapt 2.4.21 and 2.2.21 write them (with bodies, so that the codecs
 * can be run); the Kotlin consumer ({@code consumers/kotlin}) runs the same rules on real Kotlin.
 */
class KotlinStubTest {

    /** Where the id annotation of {@code data class Person(@X val id: ObjectId? = null, ...)} lands in the stub. */
    enum Placement {
        /** Kotlin 2.2 and 2.3 with no use-site target, and {@code @param:} on every version. */
        PARAMETER(true, false, false, false),
        /** Kotlin 2.4 with no use-site target (2.2 and 2.3 with -Xannotation-default-target=param-property). */
        PARAMETER_AND_FIELD(true, true, false, false),
        /** {@code @field:}, and a body property with no use-site target. */
        FIELD(false, true, false, false),
        /** {@code @get:}. */
        GETTER(false, false, true, false),
        /** {@code @set:} on a {@code var}. */
        SETTER(false, false, false, true);

        final boolean parameter;
        final boolean field;
        final boolean getter;
        final boolean setter;

        Placement(boolean parameter, boolean field, boolean getter, boolean setter) {
            this.parameter = parameter;
            this.field = field;
            this.getter = getter;
            this.setter = setter;
        }
    }

    /** {@code kotlin.Metadata} as kotlin-stdlib declares it (the members kapt writes). */
    static final JavaFileObject METADATA = source("kotlin.Metadata",
            "package kotlin;",
            "import java.lang.annotation.*;",
            "@Retention(RetentionPolicy.RUNTIME) @Target(ElementType.TYPE)",
            "public @interface Metadata {",
            "  int k() default 1;",
            "  int[] mv() default {};",
            "  String[] d1() default {};",
            "  String[] d2() default {};",
            "  String xs() default \"\";",
            "  String pn() default \"\";",
            "  int xi() default 0;",
            "}");

    /** As org.jetbrains:annotations 13.0, which kotlin-stdlib brings. */
    static final JavaFileObject NOT_NULL = source("org.jetbrains.annotations.NotNull",
            "package org.jetbrains.annotations;",
            "import java.lang.annotation.*;",
            "@Documented @Retention(RetentionPolicy.CLASS)",
            "@Target({ElementType.METHOD, ElementType.FIELD, ElementType.PARAMETER, ElementType.LOCAL_VARIABLE})",
            "public @interface NotNull {",
            "  String value() default \"\";",
            "}");

    static final JavaFileObject NULLABLE = source("org.jetbrains.annotations.Nullable",
            "package org.jetbrains.annotations;",
            "import java.lang.annotation.*;",
            "@Documented @Retention(RetentionPolicy.CLASS)",
            "@Target({ElementType.METHOD, ElementType.FIELD, ElementType.PARAMETER, ElementType.LOCAL_VARIABLE})",
            "public @interface Nullable {",
            "  String value() default \"\";",
            "}");

    static final JavaFileObject JVM_INLINE = source("kotlin.jvm.JvmInline",
            "package kotlin.jvm;",
            "import java.lang.annotation.*;",
            "@Retention(RetentionPolicy.RUNTIME) @Target(ElementType.TYPE)",
            "public @interface JvmInline {",
            "}");

    /**
     * The stub of {@code data class Person(@GeneratedObjectId val id: ObjectId? = null, val name: String,
     * val nickname: String? = null, val age: Int)} ({@code var id} for the setter). No {@code @Document}: the id
     * annotation alone makes it an entity, wherever it is.
     */
    static JavaFileObject person(Placement placement) {
        String id = "@GeneratedObjectId ";
        String idField = placement == Placement.SETTER ? "private ObjectId id;" : "private final ObjectId id;";
        List<String> lines = new ArrayList<>(List.of(
                "package demo;",
                "import dev.keysmith.annotations.*;",
                "import org.bson.types.ObjectId;",
                "import org.jetbrains.annotations.NotNull;",
                "import org.jetbrains.annotations.Nullable;",
                "@kotlin.Metadata(mv = {2, 4, 0}, k = 1, xi = 48, d2 = {\"Ldemo/Person;\", \"\", \"id\", "
                        + "\"Lorg/bson/types/ObjectId;\", \"name\", \"\", \"nickname\", \"age\", \"\", \"<init>\", "
                        + "\"getId\", \"getName\", \"getNickname\", \"getAge\", \"component1\", \"component2\", "
                        + "\"component3\", \"component4\", \"copy\", \"equals\", \"hashCode\", \"toString\"})",
                "public final class Person {",
                "    " + (placement.field ? id : "") + "@Nullable",
                "    " + idField,
                "    @NotNull",
                "    private final String name;",
                "    @Nullable",
                "    private final String nickname;",
                "    private final int age;",
                "",
                "    public Person(" + (placement.parameter ? id : "") + "@Nullable",
                "    ObjectId id, @NotNull",
                "    String name, @Nullable",
                "    String nickname, int age) {",
                "        super();",
                "        this.id = id; this.name = name; this.nickname = nickname; this.age = age;",
                "    }",
                "",
                "    " + (placement.getter ? id : "") + "@Nullable",
                "    public final ObjectId getId() {",
                "        return id;",
                "    }"));
        if (placement == Placement.SETTER) {
            lines.addAll(List.of(
                    "    " + id,
                    "    public final void setId(@Nullable",
                    "    ObjectId p0) {",
                    "        this.id = p0;",
                    "    }"));
        }
        lines.addAll(List.of(
                "    @NotNull",
                "    public final String getName() {",
                "        return name;",
                "    }",
                "    @Nullable",
                "    public final String getNickname() {",
                "        return nickname;",
                "    }",
                "    public final int getAge() {",
                "        return age;",
                "    }",
                "    @Nullable",
                "    public final ObjectId component1() {",
                "        return id;",
                "    }",
                "    @NotNull",
                "    public final String component2() {",
                "        return name;",
                "    }",
                "    @Nullable",
                "    public final String component3() {",
                "        return nickname;",
                "    }",
                "    public final int component4() {",
                "        return age;",
                "    }",
                "    @NotNull",
                "    public final Person copy(" + (placement.parameter ? id : "") + "@Nullable",
                "    ObjectId id, @NotNull",
                "    String name, @Nullable",
                "    String nickname, int age) {",
                "        return new Person(id, name, nickname, age);",
                "    }",
                "    @Override",
                "    public boolean equals(@Nullable",
                "    Object other) {",
                "        return other instanceof Person p && java.util.Objects.equals(id, p.id)",
                "                && name.equals(p.name) && java.util.Objects.equals(nickname, p.nickname) && age == p.age;",
                "    }",
                "    @Override",
                "    public int hashCode() {",
                "        return java.util.Objects.hash(id, name, nickname, age);",
                "    }",
                "    @Override",
                "    @NotNull",
                "    public String toString() {",
                "        return \"Person(id=\" + id + \", name=\" + name + \")\";",
                "    }",
                "}"));
        return source("demo.Person", lines.toArray(String[]::new));
    }

    static Compilation compile(JavaFileObject... sources) {
        return Compilations.compile(Stream.concat(Stream.of(METADATA, NOT_NULL, NULLABLE, JVM_INLINE),
                Stream.of(sources)).toArray(JavaFileObject[]::new));
    }

    @ParameterizedTest
    @EnumSource(Placement.class)
    void theIdAnnotationCountsWhereverKotlinPutsIt(Placement placement) throws Exception {
        Compilation compilation = compile(person(placement));
        assertThat(compilation).succeededWithoutWarnings();
        try (Run run = new Run(compilation)) {
            Object ada = run.newInstance("demo.Person", null, "Ada", null, 36);
            EntityCodec<Object> codec = run.codec("demo.Person");
            Object withId = codec.generateIdIfAbsentFromDocument(ada);
            assertThat(run.get(withId, "getId")).as("a generated ObjectId, not an assigned id")
                    .isInstanceOf(ObjectId.class);
            BsonDocument stored = run.encode(codec, withId);
            assertThat(stored.get("_id")).isInstanceOf(BsonObjectId.class);
        }
    }

    @Test
    void aDataClassIsWrittenInConstructorOrderAsTheDriversKotlinCodecWritesIt() throws Exception {
        Compilation compilation = compile(person(Placement.PARAMETER_AND_FIELD));
        try (Run run = new Run(compilation)) {
            EntityCodec<Object> codec = run.codec("demo.Person");
            ObjectId id = new ObjectId();
            Object grace = run.newInstance("demo.Person", id, "Grace", "Amazing Grace", 45);
            BsonDocument stored = run.encode(codec, grace);
            assertThat(stored.keySet()).containsExactly("_id", "name", "nickname", "age");
            assertThat(run.decode(codec, stored)).isEqualTo(grace);
            Object ada = run.newInstance("demo.Person", id, "Ada", null, 36);
            assertThat(run.encode(codec, ada).keySet()).as("null left out").containsExactly("_id", "name", "age");
        }
    }

    @Test
    void aNonNullPropertyMissingFromTheDocumentIsKeysmithsDecodingError() throws Exception {
        Compilation compilation = compile(person(Placement.PARAMETER_AND_FIELD));
        try (Run run = new Run(compilation)) {
            EntityCodec<Object> codec = run.codec("demo.Person");
            BsonDocument withoutName = BsonDocument.parse("{_id: {$oid: '65f0a0a0a0a0a0a0a0a0a0a0'}, age: 36}");
            assertThatThrownBy(() -> run.decode(codec, withoutName))
                    .isInstanceOfSatisfying(EntityDecodingException.class, e -> {
                        assertThat(e.entity()).isEqualTo("Person");
                        assertThat(e.field()).isEqualTo("name");
                    })
                    .hasMessage("Cannot decode Person.name of the document with _id 65f0a0a0a0a0a0a0a0a0a0a0: the "
                            + "document has no value for 'name' (it is missing or null), and the Kotlin property is "
                            + "not nullable");
        }
    }

    @Test
    void aNullForANonNullPropertyIsKeysmithsDecodingError() throws Exception {
        Compilation compilation = compile(person(Placement.PARAMETER_AND_FIELD));
        try (Run run = new Run(compilation)) {
            EntityCodec<Object> codec = run.codec("demo.Person");
            BsonDocument nullName = BsonDocument.parse(
                    "{_id: {$oid: '65f0a0a0a0a0a0a0a0a0a0a0'}, name: null, age: 36}");
            assertThatThrownBy(() -> run.decode(codec, nullName))
                    .isInstanceOfSatisfying(EntityDecodingException.class, e -> {
                        assertThat(e.entity()).isEqualTo("Person");
                        assertThat(e.field()).isEqualTo("name");
                    })
                    .hasMessageContaining("the Kotlin property is not nullable");
        }
    }

    @Test
    void aNullableIdAndPropertyMissingFromTheDocumentAreNull() throws Exception {
        Compilation compilation = compile(person(Placement.PARAMETER_AND_FIELD));
        try (Run run = new Run(compilation)) {
            EntityCodec<Object> codec = run.codec("demo.Person");
            Object decoded = run.decode(codec, BsonDocument.parse("{name: 'Ada', age: 36}"));
            assertThat(decoded).isEqualTo(run.newInstance("demo.Person", null, "Ada", null, 36));
        }
    }

    /** {@code class Note { @UuidId var id: String? = null; var text: String = "" }}: created empty, then set. */
    private static final JavaFileObject NOTE = source("demo.Note",
            "package demo;",
            "import dev.keysmith.annotations.*;",
            "import org.jetbrains.annotations.NotNull;",
            "import org.jetbrains.annotations.Nullable;",
            "@kotlin.Metadata(mv = {2, 4, 0}, k = 1, xi = 48)",
            "public final class Note {",
            "    @UuidId",
            "    @Nullable",
            "    private String id;",
            "    @NotNull",
            "    private String text = \"\";",
            "    public Note() {",
            "        super();",
            "    }",
            "    @Nullable",
            "    public final String getId() {",
            "        return id;",
            "    }",
            "    public final void setId(@Nullable",
            "    String p0) {",
            "        this.id = p0;",
            "    }",
            "    @NotNull",
            "    public final String getText() {",
            "        return text;",
            "    }",
            "    public final void setText(@NotNull",
            "    String p0) {",
            "        this.text = java.util.Objects.requireNonNull(p0, \"Parameter specified as non-null is null\");",
            "    }",
            "}");

    @Test
    void aNullForANonNullPropertySetAfterCreationIsKeysmithsDecodingError() throws Exception {
        try (Run run = new Run(compile(NOTE))) {
            EntityCodec<Object> codec = run.codec("demo.Note");
            BsonDocument nullText = BsonDocument.parse("{text: null}");
            assertThatThrownBy(() -> run.decode(codec, nullText))
                    .isInstanceOfSatisfying(EntityDecodingException.class, e -> {
                        assertThat(e.entity()).isEqualTo("Note");
                        assertThat(e.field()).isEqualTo("text");
                    })
                    .hasMessageContaining("the Kotlin property is not nullable");
            Object withoutText = run.decode(codec, new BsonDocument());
            assertThat(run.get(withoutText, "getText")).as("the initial value stays").isEqualTo("");
        }
    }

    @Test
    void aNonNullReferenceIdIsACompileErrorNamingTheKotlinProperty() {
        JavaFileObject session = source("demo.Session",
                "package demo;",
                "import dev.keysmith.annotations.*;",
                "import org.jetbrains.annotations.NotNull;",
                "@kotlin.Metadata(mv = {2, 4, 0}, k = 1, xi = 48)",
                "public final class Session {",
                "    @UuidId",
                "    @NotNull",
                "    private final String id;",
                "    @NotNull",
                "    private final String user;",
                "    public Session(@UuidId",
                "    @NotNull",
                "    String id, @NotNull",
                "    String user) {",
                "        super();",
                "        this.id = id; this.user = user;",
                "    }",
                "    @NotNull",
                "    public final String getId() {",
                "        return id;",
                "    }",
                "    @NotNull",
                "    public final String getUser() {",
                "        return user;",
                "    }",
                "}");
        Compilation compilation = compile(session);
        assertThat(compilation).failed();
        assertThat(compilation).hadErrorContaining(Message.KOTLIN_NON_NULL_ID.format("Session", "id", "String",
                "String")).inFile(session).onLineContaining("private final String id;");
    }

    @Test
    void aValueClassPropertyIsACompileErrorNamingTheKotlinProperty() {
        JavaFileObject orderId = source("demo.OrderId",
                "package demo;",
                "@kotlin.jvm.JvmInline()",
                "@kotlin.Metadata(mv = {2, 4, 0}, k = 1, xi = 48, d2 = {\"Ldemo/OrderId;\", \"\", \"value\", \"\"})",
                "public final class OrderId {",
                "    private final long value = 0L;",
                "    public final long getValue() {",
                "        return 0L;",
                "    }",
                "}");
        // @Document data class Order(@Sequence val id: OrderId? = null, val name: String), as kapt writes it: the
        // constructor is private (the real one takes a DefaultConstructorMarker), the getter's name is mangled.
        JavaFileObject order = source("demo.Order",
                "package demo;",
                "import dev.keysmith.annotations.*;",
                "import org.jetbrains.annotations.NotNull;",
                "import org.jetbrains.annotations.Nullable;",
                "@Document",
                "@kotlin.Metadata(mv = {2, 4, 0}, k = 1, xi = 48, d2 = {\"Ldemo/Order;\", \"\", \"id\", "
                        + "\"Ldemo/OrderId;\", \"name\", \"\", \"<init>\", \"(Ldemo/OrderId;Ljava/lang/String;"
                        + "Lkotlin/jvm/internal/DefaultConstructorMarker;)V\", \"getId-fbbr4nM\", \"()Ldemo/OrderId;\", "
                        + "\"getName\", \"()Ljava/lang/String;\"})",
                "public final class Order {",
                "    @Sequence",
                "    @Nullable",
                "    private final demo.OrderId id = null;",
                "    @NotNull",
                "    private final String name = null;",
                "    private Order(@Sequence",
                "    demo.OrderId id, String name) {",
                "        super();",
                "    }",
                "    @NotNull",
                "    public final String getName() {",
                "        return null;",
                "    }",
                "}");
        Compilation compilation = compile(orderId, order);
        assertThat(compilation).failed();
        assertThat(compilation).hadErrorContaining(Message.KOTLIN_VALUE_CLASS.format("Order", "id"))
                .inFile(order).onLineContaining("private final demo.OrderId id");
    }

    /** The classes of a compilation, their codecs, and what running them needs. */
    private static final class Run implements AutoCloseable {
        private final CompiledClasses classes;
        private final CodecRegistry registry = CodecRegistries.fromProviders(new ValueCodecProvider(),
                new BsonValueCodecProvider());
        private final IdGenerators ids = IdGenerators.create((counter, count) -> {
            throw new AssertionError("no sequence here");
        });

        Run(Compilation compilation) {
            assertThat(compilation).succeeded();
            this.classes = new CompiledClasses(compilation);
        }

        Object newInstance(String type, Object... arguments) throws ReflectiveOperationException {
            for (Constructor<?> constructor : classes.loadClass(type).getConstructors()) {
                if (constructor.getParameterCount() == arguments.length) {
                    return constructor.newInstance(arguments);
                }
            }
            throw new AssertionError(type + " has no public constructor of " + arguments.length + " parameters");
        }

        Object get(Object instance, String getter) throws ReflectiveOperationException {
            return instance.getClass().getMethod(getter).invoke(instance);
        }

        /** The entity codec of {@code type}: an id annotation was read, else the type would be embedded. */
        EntityCodec<Object> codec(String type) throws ReflectiveOperationException {
            assertThat(classes.loadClass(type + "_KeysmithCodec")).as("the codec of an entity")
                    .isAssignableTo(EntityCodec.class);
            return classes.codec(type + "_KeysmithCodec", registry, ids);
        }

        BsonDocument encode(EntityCodec<Object> codec, Object value) {
            return CompiledClasses.encode(codec, value);
        }

        Object decode(EntityCodec<Object> codec, BsonDocument document) {
            return CompiledClasses.decode(codec, document);
        }

        @Override
        public void close() {
            ids.close();
        }
    }
}
