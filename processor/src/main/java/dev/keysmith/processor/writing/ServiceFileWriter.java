package dev.keysmith.processor.writing;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import javax.annotation.processing.Filer;
import javax.tools.FileObject;
import javax.tools.StandardLocation;

/**
 * Writes {@code META-INF/services/dev.keysmith.runtime.codec.GeneratedCodecFactory}, listing every codec
 * factory of the compilation. One file for all types makes the processor aggregating for Gradle.
 *
 * <p>Not thread-safe: confine to one thread.
 */
public final class ServiceFileWriter {

    public static final String PATH = "META-INF/services/" + Names.GENERATED_CODEC_FACTORY.canonicalName();

    private final Filer filer;

    public ServiceFileWriter(Filer filer) {
        this.filer = filer;
    }

    /** Writes the factories' binary names, one a line, in the order given. */
    public void write(Collection<String> factories) throws IOException {
        FileObject file = filer.createResource(StandardLocation.CLASS_OUTPUT, "", PATH);
        try (Writer writer = new java.io.OutputStreamWriter(file.openOutputStream(), StandardCharsets.UTF_8)) {
            for (String factory : factories) {
                writer.write(factory);
                writer.write('\n');
            }
        }
    }
}
