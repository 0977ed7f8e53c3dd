package dev.keysmith.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static com.google.testing.compile.Compiler.javac;
import static dev.keysmith.processor.Compilations.compile;
import static dev.keysmith.processor.Compilations.source;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * Pins the shape of the generated code, one test per shape: a class with fields and accessors, a record, an
 * embedded type. The expected files are in {@code src/test/resources/golden}; run with
 * {@code -Dkeysmith.golden.write=true} to rewrite them after a deliberate change, then review the diff.
 */
class GoldenTest {

    private static final JavaFileObject PERSON = source("test.Person",
            "package test;",
            "",
            "import dev.keysmith.annotations.Document;",
            "import dev.keysmith.annotations.GeneratedObjectId;",
            "import java.util.List;",
            "import org.bson.codecs.pojo.annotations.BsonIgnore;",
            "import org.bson.codecs.pojo.annotations.BsonProperty;",
            "",
            "@Document(collection = \"people\")",
            "public class Person {",
            "    @GeneratedObjectId String id;",
            "    @BsonProperty(\"full_name\") String name;",
            "    int age;",
            "    List<String> tags;",
            "    Address home;",
            "    @BsonIgnore String cache;",
            "    private Status status;",
            "",
            "    public Status getStatus() { return status; }",
            "    public void setStatus(Status status) { this.status = status; }",
            "",
            "    public enum Status { ACTIVE, RETIRED }",
            "}");

    private static final JavaFileObject ADDRESS = source("test.Address",
            "package test;",
            "",
            "import dev.keysmith.annotations.Embedded;",
            "import java.util.Map;",
            "",
            "@Embedded",
            "public class Address {",
            "    String street;",
            "    String city;",
            "    Map<String, Integer> codes;",
            "}");

    private static final JavaFileObject INVOICE = source("test.Invoice",
            "package test;",
            "",
            "import dev.keysmith.annotations.Sequence;",
            "import java.math.BigDecimal;",
            "import java.time.Instant;",
            "",
            "public record Invoice(@Sequence(batch = 100) long number, BigDecimal total, Instant issued) {}");

    private static final JavaFileObject RANGE = source("test.Range",
            "package test;",
            "",
            "import java.util.List;",
            "",
            "public class Range<T> {",
            "    T min;",
            "    T max;",
            "    List<T> steps;",
            "}");

    private static final JavaFileObject OFFER = source("test.Offer",
            "package test;",
            "",
            "import dev.keysmith.annotations.GeneratedObjectId;",
            "import java.time.Instant;",
            "",
            "public class Offer {",
            "    @GeneratedObjectId String id;",
            "    Range<Integer> price;",
            "    Range<Instant> period;",
            "}");

    @Test
    void genericEmbeddedType() throws IOException {
        Compilation compilation = compile(RANGE, OFFER);
        assertGolden(compilation, "test.Range_KeysmithCodec", "Range_KeysmithCodec.java");
        assertThat(compilation.generatedSourceFile("test.Offer_KeysmithCodec").orElseThrow().getCharContent(true)
                .toString()).contains("codec = new Range_KeysmithCodec<>(registry, codec(1, Integer.class));")
                .contains("codec = new Range_KeysmithCodec<>(registry, codec(0, Instant.class));");
        // No factory for the generic type: its class alone does not say its type arguments.
        JavaFileObject services = withFactories(RANGE, OFFER).generatedFile(javax.tools.StandardLocation.CLASS_OUTPUT,
                "META-INF/services/dev.keysmith.runtime.codec.GeneratedCodecFactory").orElseThrow();
        assertThat(services.getCharContent(true).toString()).isEqualTo("test.Offer_KeysmithCodec$Factory\n");
    }

    private static final JavaFileObject EVENT = source("test.Event", "package test;",
            "import dev.keysmith.annotations.*;",
            "import org.bson.codecs.pojo.annotations.BsonDiscriminator;",
            "import org.bson.types.ObjectId;",
            "@Document(collection = \"events\") @BsonDiscriminator",
            "public abstract class Event {",
            "    @GeneratedObjectId public ObjectId id;",
            "    public static class Click extends Event { public String button; }",
            "    @BsonDiscriminator(\"view\") public static class View extends Event { public String page; }",
            "}");

    @Test
    void abstractDocumentWithADiscriminator() throws IOException {
        assertGolden(compile(EVENT), "test.Event_KeysmithCodec", "Event_KeysmithCodec.java");
        // Its subclasses are stored in its collection; with the option, each codec has a factory.
        Compilation compilation = withFactories(EVENT);
        assertThat(compilation.generatedSourceFile("test.Event_Click_KeysmithCodec").orElseThrow()
                .getCharContent(true).toString()).contains("super(Event.Click.class, \"events\",");
        JavaFileObject services = compilation.generatedFile(javax.tools.StandardLocation.CLASS_OUTPUT,
                "META-INF/services/dev.keysmith.runtime.codec.GeneratedCodecFactory").orElseThrow();
        assertThat(services.getCharContent(true).toString()).isEqualTo("test.Event_Click_KeysmithCodec$Factory\n"
                + "test.Event_KeysmithCodec$Factory\n"
                + "test.Event_View_KeysmithCodec$Factory\n");
    }

    @Test
    void classWithFieldsAndAccessors() {
        assertGolden(compile(PERSON, ADDRESS), "test.Person_KeysmithCodec", "Person_KeysmithCodec.java");
    }

    @Test
    void record() {
        assertGolden(compile(INVOICE), "test.Invoice_KeysmithCodec", "Invoice_KeysmithCodec.java");
    }

    @Test
    void embeddedType() {
        assertGolden(compile(ADDRESS), "test.Address_KeysmithCodec", "Address_KeysmithCodec.java");
    }

    @Test
    void noFactoryAndNoServiceFileByDefault() {
        Compilation compilation = compile(PERSON, ADDRESS, INVOICE);
        assertThat(compilation).succeededWithoutWarnings();
        assertThat(compilation.generatedFile(javax.tools.StandardLocation.CLASS_OUTPUT,
                "META-INF/services/dev.keysmith.runtime.codec.GeneratedCodecFactory")).isEmpty();
        assertThat(compilation.generatedFiles()).noneMatch(file -> file.getName().contains("$Factory"));
    }

    @Test
    void withTheServiceLoaderOptionEveryFactoryIsListed() throws IOException {
        Compilation compilation = withFactories(PERSON, ADDRESS, INVOICE);
        assertThat(compilation).succeededWithoutWarnings();
        assertThat(compilation.generatedSourceFile("test.Person_KeysmithCodec").orElseThrow().getCharContent(true)
                .toString()).contains("public static final class Factory implements GeneratedCodecFactory {");
        JavaFileObject services = compilation.generatedFile(javax.tools.StandardLocation.CLASS_OUTPUT,
                "META-INF/services/dev.keysmith.runtime.codec.GeneratedCodecFactory").orElseThrow();
        assertThat(services.getCharContent(true).toString()).isEqualTo(
                "test.Address_KeysmithCodec$Factory\n"
                        + "test.Invoice_KeysmithCodec$Factory\n"
                        + "test.Person_KeysmithCodec$Factory\n");
    }

    private static Compilation withFactories(JavaFileObject... sources) {
        return javac().withProcessors(new KeysmithProcessor())
                .withOptions("-A" + KeysmithProcessor.SERVICE_LOADER_OPTION + "=true").compile(sources);
    }

    private static void assertGolden(Compilation compilation, String codec, String goldenFile) {
        assertThat(compilation).succeededWithoutWarnings();
        Path golden = Path.of("src/test/resources/golden", goldenFile);
        try {
            String generated = compilation.generatedSourceFile(codec).orElseThrow().getCharContent(true).toString();
            if (Boolean.getBoolean("keysmith.golden.write")) {
                Files.writeString(golden, generated, StandardCharsets.UTF_8);
            }
            assertThat(generated).isEqualTo(Files.readString(golden, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
