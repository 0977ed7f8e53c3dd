package dev.keysmith.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static com.google.testing.compile.Compiler.javac;
import static dev.keysmith.processor.Compilations.source;

import com.google.testing.compile.Compilation;
import dev.keysmith.processor.writing.ServiceFileWriter;
import java.io.Writer;
import javax.tools.JavaFileObject;
import javax.tools.StandardLocation;
import org.junit.jupiter.api.Test;

/** A ServiceLoader file that cannot be written is an error with a place: the entity it would list. */
class ServiceFileErrorTest {

    @Test
    void theFailureIsReportedOnTheEntityTheFileWouldList() {
        JavaFileObject person = source("test.Person",
                "package test;",
                "",
                "@dev.keysmith.annotations.Document",
                "public class Person {",
                "    @dev.keysmith.annotations.GeneratedObjectId String id;",
                "}");

        // another processor takes the service file's path first: keysmith's write of it fails (a file is made once)
        FirstRoundFile squatter = new FirstRoundFile(filer -> {
            try (Writer writer = filer.createResource(StandardLocation.CLASS_OUTPUT, "", ServiceFileWriter.PATH)
                    .openWriter()) {
                writer.write("# taken\n");
            }
        });
        Compilation compilation = javac().withProcessors(new KeysmithProcessor(), squatter)
                .withOptions("-A" + KeysmithProcessor.SERVICE_LOADER_OPTION + "=true").compile(person);

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorContaining("[KeysmithInternalError] keysmith failed on the ServiceLoader "
                + "registration " + ServiceFileWriter.PATH).inFile(person).onLineContaining("public class Person");
    }
}
