package dev.keysmith.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static com.google.testing.compile.Compiler.javac;
import static dev.keysmith.processor.Compilations.source;

import com.google.testing.compile.Compilation;
import dev.keysmith.processor.writing.ServiceFileWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.Set;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.TypeElement;
import javax.tools.JavaFileObject;
import javax.tools.StandardLocation;
import org.junit.jupiter.api.Test;

/** A ServiceLoader file that cannot be written is an error with a place: the entity it would list. */
class ServiceFileErrorTest {

    /** Takes the service file's path first, so that keysmith's write of it fails (a file is created once). */
    static final class Squatter extends AbstractProcessor {

        private boolean written;

        @Override
        public Set<String> getSupportedAnnotationTypes() {
            return Set.of("*");
        }

        @Override
        public SourceVersion getSupportedSourceVersion() {
            return SourceVersion.latestSupported();
        }

        @Override
        public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
            if (!written) {
                written = true;
                try (Writer writer = processingEnv.getFiler()
                        .createResource(StandardLocation.CLASS_OUTPUT, "", ServiceFileWriter.PATH).openWriter()) {
                    writer.write("# taken\n");
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
            return false;
        }
    }

    @Test
    void theFailureIsReportedOnTheEntityTheFileWouldList() {
        JavaFileObject person = source("test.Person",
                "package test;",
                "",
                "@dev.keysmith.annotations.Document",
                "public class Person {",
                "    @dev.keysmith.annotations.GeneratedObjectId String id;",
                "}");

        Compilation compilation = javac().withProcessors(new KeysmithProcessor(), new Squatter())
                .withOptions("-A" + KeysmithProcessor.SERVICE_LOADER_OPTION + "=true").compile(person);

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorContaining("[KeysmithInternalError] keysmith failed on the ServiceLoader "
                + "registration " + ServiceFileWriter.PATH).inFile(person).onLineContaining("public class Person");
    }
}
