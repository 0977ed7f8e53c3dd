package dev.keysmith.processor;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Set;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.Filer;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.TypeElement;

/** Another processor of the build: it writes one file through the {@link Filer} in the first round, then nothing. */
final class FirstRoundFile extends AbstractProcessor {

    /** What the processor writes. */
    interface Write {
        void to(Filer filer) throws IOException;
    }

    private final Write write;
    private boolean done;

    FirstRoundFile(Write write) {
        this.write = write;
    }

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
        if (!done) {
            done = true;
            try {
                write.to(processingEnv.getFiler());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return false;
    }
}
