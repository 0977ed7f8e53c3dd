package dev.keysmith.processor;

import static com.google.testing.compile.Compiler.javac;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import javax.tools.JavaFileObject;

/** Compiles test sources with the keysmith processor. */
final class Compilations {

    private Compilations() {
    }

    static Compilation compile(JavaFileObject... sources) {
        return javac().withProcessors(new KeysmithProcessor()).compile(sources);
    }

    /** A source file from lines, named after its fully qualified type. */
    static JavaFileObject source(String qualifiedName, String... lines) {
        return JavaFileObjects.forSourceLines(qualifiedName, lines);
    }
}
