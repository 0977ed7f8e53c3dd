package dev.keysmith.benchmarks;

import dev.keysmith.processor.KeysmithProcessor;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * (g) Build cost: javac compiling a generated model of {@value #ENTITIES} entities (each a class of ten
 * private fields with getters and setters, an embedded type and a list), with the keysmith processor and
 * without it, in one run. {@link #setUp()} prints the size of the generated sources against the model's.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class CompileBenchmark {

    static final int ENTITIES = 200;

    private final JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    private List<JavaFileObject> model;
    private Path output;

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        model = new ArrayList<>();
        long modelChars = 0;
        for (int i = 0; i < ENTITIES; i++) {
            String name = "Entity" + i;
            String source = entity(name, i);
            modelChars += source.length();
            model.add(source(name, source));
            String embedded = embedded("Part" + i);
            modelChars += embedded.length();
            model.add(source("Part" + i, embedded));
        }
        output = Files.createTempDirectory("keysmith-compile");
        compile(true);
        long generatedChars;
        try (Stream<Path> files = Files.walk(output)) {
            generatedChars = files.filter(file -> file.toString().endsWith(".java")).mapToLong(file -> {
                try {
                    return Files.size(file);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }).sum();
        }
        System.out.printf("%ncompile model: %d sources, %,d chars; generated: %,d chars = %.2fx the model%n",
                model.size(), modelChars, generatedChars, (double) generatedChars / modelChars);
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
        delete(output);
        Files.deleteIfExists(output);
    }

    @Benchmark
    public boolean withProcessor() throws IOException {
        return compile(true);
    }

    @Benchmark
    public boolean withoutProcessor() throws IOException {
        return compile(false);
    }

    /** The processor's own share: javac parses and enters the model and runs the processor, compiles nothing. */
    @Benchmark
    public boolean processorOnly() throws IOException {
        return compile(true, "-proc:only");
    }

    private boolean compile(boolean processor, String... extraOptions) throws IOException {
        delete(output);
        Files.createDirectories(output);
        try (StandardJavaFileManager files = javac.getStandardFileManager(null, null, null)) {
            List<String> options = new ArrayList<>(List.of("-d", output.toString(), "-s", output.toString(),
                    "-classpath", System.getProperty("java.class.path"), "--release", "17"));
            if (!processor) {
                options.add("-proc:none");
            }
            options.addAll(List.of(extraOptions));
            JavaCompiler.CompilationTask task = javac.getTask(null, files, null, options, null, model);
            if (processor) {
                task.setProcessors(List.of(new KeysmithProcessor()));
            }
            if (!task.call()) {
                throw new IllegalStateException("the model did not compile");
            }
            return true;
        }
    }

    private static void delete(Path directory) throws IOException {
        if (!Files.exists(directory)) {
            return;
        }
        try (Stream<Path> files = Files.walk(directory)) {
            for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                if (!file.equals(directory)) {
                    Files.delete(file);
                }
            }
        }
    }

    private static JavaFileObject source(String name, String code) {
        return new SimpleJavaFileObject(URI.create("string:///model/" + name + ".java"), JavaFileObject.Kind.SOURCE) {
            @Override
            public CharSequence getCharContent(boolean ignoreEncodingErrors) {
                return code;
            }
        };
    }

    private static final String[][] FIELDS = {
        {"String", "name"}, {"int", "quantity"}, {"long", "total"}, {"double", "ratio"}, {"boolean", "active"},
        {"java.time.Instant", "created"}, {"java.math.BigDecimal", "price"}, {"java.util.List<String>", "tags"},
        {"Kind", "kind"},
    };

    static String entity(String name, int index) {
        StringBuilder code = new StringBuilder();
        code.append("package model;\n\n")
                .append("import dev.keysmith.annotations.Document;\n")
                .append("import dev.keysmith.annotations.GeneratedObjectId;\n\n")
                .append("@Document\npublic class ").append(name).append(" {\n\n")
                .append("    public enum Kind { SMALL, LARGE }\n\n")
                .append("    @GeneratedObjectId\n    private String id;\n");
        for (String[] field : FIELDS) {
            code.append("    private ").append(field[0]).append(' ').append(field[1]).append(";\n");
        }
        code.append("    private Part").append(index).append(" part;\n\n");
        accessors(code, "String", "id");
        for (String[] field : FIELDS) {
            accessors(code, field[0], field[1]);
        }
        accessors(code, "Part" + index, "part");
        return code.append("}\n").toString();
    }

    static String embedded(String name) {
        StringBuilder code = new StringBuilder();
        code.append("package model;\n\n")
                .append("public class ").append(name).append(" {\n\n")
                .append("    private String label;\n    private int weight;\n\n");
        accessors(code, "String", "label");
        accessors(code, "int", "weight");
        return code.append("}\n").toString();
    }

    private static void accessors(StringBuilder code, String type, String field) {
        String capitalized = Character.toUpperCase(field.charAt(0)) + field.substring(1);
        String getter = (type.equals("boolean") ? "is" : "get") + capitalized;
        code.append("    public ").append(type).append(' ').append(getter).append("() {\n")
                .append("        return ").append(field).append(";\n    }\n\n")
                .append("    public void set").append(capitalized).append('(').append(type).append(' ')
                .append(field).append(") {\n        this.").append(field).append(" = ").append(field)
                .append(";\n    }\n\n");
    }
}
