package dev.keysmith.runtime.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URI;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.StandardLocation;
import javax.tools.ToolProvider;

/**
 * Compiles entity sources during a test, against the test's own class path and without annotation processing, and
 * loads them: the way a front end's conformance test turns a row of {@link IdMistakes} into an entity of its kind.
 *
 * <p>Not thread-safe: confine to one thread.
 */
public final class EntityCompiler {

    private EntityCompiler() {
    }

    /**
     * The classes of {@code sources} (qualified name to source), loaded by a class loader whose parent is the
     * test's.
     *
     * @throws IllegalStateException with javac's messages when a source does not compile
     */
    public static ClassLoader compile(Map<String, String> sources) {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        try (StandardJavaFileManager files = javac.getStandardFileManager(diagnostics, null, null)) {
            Path output = Files.createTempDirectory("keysmith-entities");
            output.toFile().deleteOnExit();
            files.setLocation(StandardLocation.CLASS_OUTPUT, List.of(output.toFile()));
            List<JavaFileObject> units = new ArrayList<>();
            sources.forEach((name, text) -> units.add(new Source(name, text)));
            boolean compiled = javac.getTask(null, files, diagnostics, List.of("-proc:none", "-parameters"), null,
                    units).call();
            if (!compiled) {
                throw new IllegalStateException("the test's entity does not compile: " + diagnostics.getDiagnostics());
            }
            return new URLClassLoader(new URL[] {output.toUri().toURL()}, EntityCompiler.class.getClassLoader());
        } catch (MalformedURLException e) {
            throw new IllegalStateException(e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The class {@code qualifiedName} compiled from {@code source}. */
    public static Class<?> compile(String qualifiedName, String source) {
        try {
            return Class.forName(qualifiedName, true, compile(Map.of(qualifiedName, source)));
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * What {@code work} returns, run with {@code type}'s class loader as the thread's context class loader (the
     * frameworks load entities by name through it).
     */
    public static <T> T inContextOf(Class<?> type, Supplier<T> work) {
        Thread thread = Thread.currentThread();
        ClassLoader before = thread.getContextClassLoader();
        thread.setContextClassLoader(type.getClassLoader());
        try {
            return work.get();
        } finally {
            thread.setContextClassLoader(before);
        }
    }

    /** The first of {@code thrown} and its causes that is a {@code type}. */
    public static <T extends Throwable> T causeOfType(Throwable thrown, Class<T> type) {
        for (Throwable t = thrown; t != null; t = t.getCause()) {
            if (type.isInstance(t)) {
                return type.cast(t);
            }
        }
        throw new AssertionError("no " + type.getSimpleName() + " in the causes of " + thrown, thrown);
    }

    private static final class Source extends SimpleJavaFileObject {

        private final String text;

        Source(String qualifiedName, String text) {
            super(URI.create("string:///" + qualifiedName.replace('.', '/') + Kind.SOURCE.extension), Kind.SOURCE);
            this.text = text;
        }

        @Override
        public CharSequence getCharContent(boolean ignoreEncodingErrors) {
            return text;
        }
    }
}
