package dev.keysmith.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static com.google.testing.compile.Compiler.javac;
import static dev.keysmith.processor.Compilations.compile;
import static dev.keysmith.processor.Compilations.source;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import java.io.IOException;
import java.io.InputStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/** How the processor behaves in a compilation: what it leaves alone, what it waits for, what it declares. */
class ProcessorBehaviourTest {

    private static final JavaFileObject JAKARTA_ENTITY = source("jakarta.persistence.Entity",
            "package jakarta.persistence;",
            "import java.lang.annotation.*;",
            "@Retention(RetentionPolicy.RUNTIME) @Target(ElementType.TYPE) public @interface Entity {}");

    @Test
    void aJpaEntityWithoutDocumentIsLeftToHibernate() {
        Compilation compilation = compile(JAKARTA_ENTITY, source("test.Account",
                "package test;",
                "@jakarta.persistence.Entity",
                "public class Account {",
                "  @dev.keysmith.annotations.RandomId(digits = 12) Long number;",
                "  private String secret;",
                "}"));
        assertThat(compilation).succeededWithoutWarnings();
        assertThat(compilation.generatedSourceFiles()).isEmpty();
    }

    @Test
    void aJpaEntityWithDocumentGetsACodec() {
        Compilation compilation = compile(JAKARTA_ENTITY, source("test.Account",
                "package test;",
                "@jakarta.persistence.Entity @dev.keysmith.annotations.Document",
                "public class Account {",
                "  @dev.keysmith.annotations.RandomId(digits = 12) Long number;",
                "}"));
        assertThat(compilation).succeededWithoutWarnings();
        assertThat(compilation).generatedSourceFile("test.Account_KeysmithCodec");
    }

    @Test
    void anEntityWaitsForATypeThatAnotherProcessorGeneratesLater() {
        // The generator runs first: keysmith claims @Sequence, so a "*" processor after it would not be called in a
        // round that has no other annotation. Either way, Later only exists from the second round on.
        Compilation compilation = javac().withProcessors(generatesLater(), new KeysmithProcessor())
                .compile(source("test.Order",
                        "package test;",
                        "public class Order {",
                        "  @dev.keysmith.annotations.Sequence Long number;",
                        "  test.generated.Later later;",
                        "}"));
        assertThat(compilation).succeededWithoutWarnings();
        assertThat(compilation).generatedSourceFile("test.Order_KeysmithCodec").contentsAsUtf8String()
                .contains("EncodeSupport.write(writer, \"later\", codec(0, Later.class), value.later, encoderContext)");
    }

    @Test
    void declaresItselfAggregatingForGradle() throws IOException {
        try (InputStream metadata = KeysmithProcessor.class.getResourceAsStream(
                "/META-INF/gradle/incremental.annotation.processors")) {
            assertThat(new String(metadata.readAllBytes(), StandardCharsets.UTF_8).trim())
                    .isEqualTo(KeysmithProcessor.class.getName() + ",AGGREGATING");
        }
    }

    /** Generates {@code test.generated.Later} in the first round, as another processor might. */
    private static FirstRoundFile generatesLater() {
        return new FirstRoundFile(filer -> {
            try (Writer writer = filer.createSourceFile("test.generated.Later").openWriter()) {
                writer.write("package test.generated; public class Later { public String note; }");
            }
        });
    }
}
