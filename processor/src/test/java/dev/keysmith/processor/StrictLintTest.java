package dev.keysmith.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static com.google.testing.compile.Compiler.javac;
import static dev.keysmith.processor.Compilations.source;

import com.google.testing.compile.Compilation;
import java.io.IOException;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.Completion;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.Processor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A correct model compiles under {@code -Xlint:all -Werror}: keysmith claims its own annotations and the driver's
 * (no "No processor claimed" warning), and the generated code has no lint warning of its own.
 */
class StrictLintTest {

    private static final JavaFileObject MODEL = source("test.Shop",
            "package test;",
            "",
            "import dev.keysmith.annotations.*;",
            "import java.math.BigDecimal;",
            "import java.util.*;",
            "import org.bson.BsonType;",
            "import org.bson.codecs.pojo.annotations.*;",
            "import org.bson.types.ObjectId;",
            "",
            "public final class Shop {",
            "  private Shop() {}",
            "",
            "  public abstract static class Base {",
            "    @GeneratedObjectId protected ObjectId id;",
            "    public ObjectId getId() { return id; }",
            "    public void setId(ObjectId id) { this.id = id; }",
            "    public boolean isNew() { return id == null; }",
            "  }",
            "",
            "  @BsonDiscriminator public abstract static class Payment { public BigDecimal amount; }",
            "  @BsonDiscriminator(\"card\") public static class Card extends Payment { public String last4; }",
            "  @BsonDiscriminator(\"cash\") public static class Cash extends Payment { }",
            "",
            "  public static class Line { public String sku; public Integer id; public int quantity; }",
            "",
            "  public record Note(String text, @BsonIgnore String draft) {}",
            "",
            "  public static class Range<T extends Comparable<T>> { public T min; public T max; }",
            "  public record Pair<A, B>(A first, List<B> seconds) {}",
            "  public record Label(String text, @BsonExtraElements org.bson.Document rest) {}",
            "",
            "  @Document public static class Order extends Base {",
            "    public List<Line> lines;",
            "    public SortedSet<String> tags;",
            "    public Map<String, Object> attributes;",
            "    public org.bson.Document extra;",
            "    public Payment payment;",
            "    public List<Payment> refunds;",
            "    public Object anything;",
            "    public Deque<Note> notes;",
            "    @BsonRepresentation(BsonType.OBJECT_ID) public String customerId;",
            "    @BsonProperty(\"total_cents\") public long totalCents;",
            "    public Range<Integer> quantityRange;",
            "    public List<Pair<String, Range<Long>>> pairs;",
            "    public Label label;",
            "    @BsonExtraElements public Map<String, Object> unknown;",
            "  }",
            "",
            "  @Document public static final class Receipt {",
            "    private final ObjectId id;",
            "    private final String number;",
            "    private String email;",
            "    @BsonCreator public Receipt(@BsonId ObjectId id, @BsonProperty(\"number\") String number) {",
            "      this.id = id;",
            "      this.number = number;",
            "    }",
            "    public ObjectId getId() { return id; }",
            "    public String getNumber() { return number; }",
            "    public String getEmail() { return email; }",
            "    public void setEmail(String email) { this.email = email; }",
            "  }",
            "",
            "  @Document public record Coupon(@Sequence int id, int discount, boolean hasDiscount, String value) {}",
            "",
            "  @Document(collection = \"events\") @BsonDiscriminator",
            "  public abstract static class Event { @Sequence public Long id; }",
            "  public static class Click extends Event { public String button; }",
            "  @BsonDiscriminator(\"memo\") public static class Memo { public String text; }",
            "  public static class Spot { public String name; }",
            "  @Document public static class Board {",
            "    @GeneratedObjectId public ObjectId id;",
            "    @BsonProperty(\"note\") public Memo memo;",
            "    @BsonProperty(useDiscriminator = true) public Spot spot;",
            "    public ArrayList<String> items;",
            "    public List<String> getItems() { return items; }",
            "    public Pair<Payment, String> paid;",
            "  }",
            "}");

    private static final JavaFileObject[] JPA_MODEL = {
        source("jakarta.persistence.Entity", "package jakarta.persistence;",
                "public @interface Entity {}"),
        source("jakarta.persistence.Id", "package jakarta.persistence;",
                "public @interface Id {}"),
        source("test.Account", "package test;",
                "@jakarta.persistence.Entity public class Account {",
                "  @jakarta.persistence.Id @dev.keysmith.annotations.RandomId(digits = 12) Long number;",
                "}"),
    };

    @Test
    void jpaAnnotationsAreClaimedWhenNoOtherProcessorIsOnThePath(@TempDir Path path) throws IOException {
        Compilation compilation = javac().withProcessors(new KeysmithProcessor(processorPath(path,
                        KeysmithProcessor.class.getName())))
                .withOptions("-Xlint:all", "-Werror")
                .compile(JPA_MODEL);
        assertThat(compilation).succeededWithoutWarnings();
    }

    @Test
    void jpaAnnotationsAreLeftToAnotherProcessorOnThePath(@TempDir Path path) throws IOException {
        // Hibernate's metamodel generator (or any processor) listed after keysmith must still receive @Entity.
        Set<String> received = new TreeSet<>();
        AbstractProcessor jpaProcessor = new AbstractProcessor() {
            @Override
            public Set<String> getSupportedAnnotationTypes() {
                return Set.of("jakarta.persistence.*");
            }

            @Override
            public SourceVersion getSupportedSourceVersion() {
                return SourceVersion.latestSupported();
            }

            @Override
            public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
                annotations.forEach(annotation -> received.add(annotation.getQualifiedName().toString()));
                return false;
            }
        };
        Compilation compilation = javac().withProcessors(new KeysmithProcessor(processorPath(path,
                        "# keysmith and Hibernate's", KeysmithProcessor.class.getName(),
                        "org.hibernate.processor.HibernateProcessor")), jpaProcessor)
                .withOptions("-Xlint:all")
                .compile(JPA_MODEL);
        org.assertj.core.api.Assertions.assertThat(received).contains("jakarta.persistence.Entity", "jakarta.persistence.Id");
        // The other processor does not claim them either: javac's warning is its to silence, not keysmith's.
        assertThat(compilation).hadWarningContaining("jakarta.persistence.Entity");
    }

    /** A processor path whose only registrations are {@code lines}. */
    private static ClassLoader processorPath(Path path, String... lines) throws IOException {
        Path services = Files.createDirectories(path.resolve("META-INF/services"));
        Files.write(services.resolve("javax.annotation.processing.Processor"), List.of(lines));
        return new URLClassLoader(new URL[] {path.toUri().toURL()}, null);
    }

    @Test
    void aCorrectModelCompilesWithEveryLintAsAnError() {
        Compilation compilation = javac().withProcessors(new KeysmithProcessor())
                .withOptions("-Xlint:all", "-Werror")
                .compile(MODEL);
        assertThat(compilation).succeededWithoutWarnings();
        assertThat(compilation).generatedSourceFile("test.Shop_Order_KeysmithCodec");
        assertThat(compilation).generatedSourceFile("test.Shop_Line_KeysmithCodec");
        assertThat(compilation).generatedSourceFile("test.Shop_Card_KeysmithCodec");
        assertThat(compilation).generatedSourceFile("test.Shop_Note_KeysmithCodec");
        assertThat(compilation).generatedSourceFile("test.Shop_Range_KeysmithCodec");
        assertThat(compilation).generatedSourceFile("test.Shop_Pair_KeysmithCodec");
    }

    /**
     * Gradle compiles incrementally with an aggregating processor only if every annotation javac hands it has class
     * or runtime retention; one with source retention (such as {@code javax.annotation.processing.Generated}, which
     * generated code often carries) makes every build a full rebuild. This checks that rule the way Gradle does: on
     * the annotations javac passes to {@code process} in every round, the generated codecs' round included.
     */
    @Test
    void everyAnnotationTheProcessorReceivesHasClassOrRuntimeRetention() {
        Map<String, RetentionPolicy> received = new TreeMap<>();
        KeysmithProcessor keysmith = new KeysmithProcessor();
        Processor recording = new Processor() {
            @Override
            public Set<String> getSupportedOptions() {
                return keysmith.getSupportedOptions();
            }

            @Override
            public Set<String> getSupportedAnnotationTypes() {
                return keysmith.getSupportedAnnotationTypes();
            }

            @Override
            public SourceVersion getSupportedSourceVersion() {
                return keysmith.getSupportedSourceVersion();
            }

            @Override
            public void init(ProcessingEnvironment environment) {
                keysmith.init(environment);
            }

            @Override
            public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
                for (TypeElement annotation : annotations) {
                    Retention retention = annotation.getAnnotation(Retention.class);
                    received.put(annotation.getQualifiedName().toString(),
                            retention == null ? RetentionPolicy.CLASS : retention.value());
                }
                return keysmith.process(annotations, round);
            }

            @Override
            public Iterable<? extends Completion> getCompletions(Element element, AnnotationMirror annotation,
                    ExecutableElement member, String userText) {
                return keysmith.getCompletions(element, annotation, member, userText);
            }
        };
        Compilation compilation = javac().withProcessors(recording).compile(MODEL);
        assertThat(compilation).succeeded();
        // The generated codecs' own marker reached the processor in a later round, with the model's annotations.
        org.assertj.core.api.Assertions.assertThat(received).containsKeys(
                "dev.keysmith.runtime.codec.KeysmithGenerated", "dev.keysmith.annotations.Document",
                "org.bson.codecs.pojo.annotations.BsonCreator");
        org.assertj.core.api.Assertions.assertThat(received).doesNotContainValue(RetentionPolicy.SOURCE);
    }
}
