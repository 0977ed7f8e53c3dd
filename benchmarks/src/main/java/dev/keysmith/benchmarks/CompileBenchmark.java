package dev.keysmith.benchmarks;

import com.google.auto.value.processor.AutoValueProcessor;
import dev.keysmith.processor.KeysmithProcessor;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.Processor;
import javax.annotation.processing.RoundEnvironment;
import javax.annotation.processing.SupportedAnnotationTypes;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.TypeElement;
import javax.tools.FileObject;
import javax.tools.ForwardingJavaFileManager;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.StandardLocation;
import javax.tools.ToolProvider;
import org.mapstruct.ap.MappingProcessor;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * (g) Build cost: javac compiling a generated model of {@value #ENTITIES} entities (each a class of ten
 * properties, an embedded type and a list) with an annotation processor, side by side with other processors on
 * equivalent models of their own, in one run: keysmith ({@code @Document} classes with private fields, getters
 * and setters), MapStruct (the same classes without annotations, and a {@code @Mapper} per entity that copies it
 * and its embedded type), AutoValue and Immutables (abstract classes of ten abstract getters, and the embedded
 * type the same way). Each is compiled four ways: with its processor; the model alone, without the processor;
 * the model with the processor's output, without the processor; and the model with a processor that writes that
 * output and does nothing else ({@link #replayingOutput}). The first over the second is what the processor costs
 * a build; the first over the third is what it costs beyond compiling its own output (its own work and javac's
 * extra rounds); the first over the fourth is the processor's own work, above what writing that output through
 * javac's rounds costs any processor. {@link #setUp()} prints the size of the generated sources against the
 * model's. {@link #processorOnly} is the processor with {@code -proc:only}. Each shot also reports the compiling
 * thread's CPU time ({@link CompilerCpu}).
 *
 * <p>Each compilation is what a build of the model does, and only that: its class path holds what such a build has
 * on it (the tool's annotations and the library its generated code calls, copied out of this benchmark's jar: never
 * the whole 42 MB jar, which javac would index again for every compilation with its fresh file manager, a cost no
 * build pays and one that each of the three ways paid alike, so that it shrank every ratio); javac is warm
 * ({@link #setUp()} compiles every way {@link #warmUpRounds} times before JMH's own warm-up, as a build tool's
 * daemon is after a few builds: one JMH fork per tool and way would otherwise measure javac's code still being
 * compiled by the JIT); what javac writes (class files, the processor's sources and resources) stays in memory
 * ({@link InMemoryOutput}), so that a shot measures the compiler and the processor, not the file system: on the
 * machine of these runs (ext4 mounted with {@code discard}, on a virtual disk) creating a file costs the kernel
 * about 1 ms, so that the 600 class files of the model alone took 0.6 to 0.9 s of the 1.7 s its shot measured
 * (docs/benchmarks.md, issue 32); and the heap is collected before each shot, outside its time, in a heap of a fixed
 * size whose pages the JVM touched when it started ({@link #HEAP}).
 */
@State(Scope.Benchmark)
@Fork(jvmArgsAppend = {CompileBenchmark.HEAP_MIN, CompileBenchmark.HEAP_MAX, CompileBenchmark.PRE_TOUCH})
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class CompileBenchmark {

    static final int ENTITIES = 200;

    static final String HEAP_MIN = "-Xms4g";
    static final String HEAP_MAX = "-Xmx4g";
    static final String PRE_TOUCH = "-XX:+AlwaysPreTouch";

    /**
     * The heap of every compilation: fixed at 4 GB and touched when the JVM starts. With the JVM's defaults the
     * collection before each shot gave memory back to the system (G1 shrinks the heap after a full collection), the
     * shot grew the heap again, and the kernel's page faults for the new pages, charged to the compiling thread,
     * varied single shots of one fork up to 2x in wall and CPU time alike. With this heap they vary about 3%
     * (docs/benchmarks.md, issue 32).
     */
    static final String HEAP = HEAP_MIN + " " + HEAP_MAX + " " + PRE_TOUCH;

    /** The processor and its model. */
    @Param({"keysmith", "mapstruct", "autovalue", "immutables"})
    public String tool;

    /** How many times {@link #setUp()} compiles the model in each way, interleaved, before JMH's warm-up. */
    @Param("3")
    public int warmUpRounds;

    /**
     * What each tool's build has on its class path, as prefixes of class file names ({@code -} leaves one out):
     * keysmith's annotations and runtime and the bson library the runtime needs; MapStruct's, AutoValue's and
     * Immutables' annotations without their processors.
     */
    private static final Map<String, List<String>> CLASS_PATHS = Map.of(
            "keysmith", List.of("dev/keysmith/annotations/", "dev/keysmith/runtime/", "org/bson/"),
            "mapstruct", List.of("org/mapstruct/", "-org/mapstruct/ap/"),
            "autovalue", List.of("com/google/auto/value/", "-com/google/auto/value/processor/",
                    "-com/google/auto/value/extension/"),
            "immutables", List.of("org/immutables/value/", "-org/immutables/value/internal/"));

    private final JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    private List<JavaFileObject> model;
    /** The model and what the processor generated from it, as sources. */
    private List<JavaFileObject> modelAndOutput;
    /** What the processor generated, by class name, for {@link #replayingOutput}. */
    private final Map<String, String> generated = new LinkedHashMap<>();
    private Path classPath;

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        model = new ArrayList<>();
        long modelChars = 0;
        for (int i = 0; i < ENTITIES; i++) {
            for (Map.Entry<String, String> source : model(tool, i).entrySet()) {
                modelChars += source.getValue().length();
                model.add(source(source.getKey(), source.getValue()));
            }
        }
        classPath = Files.createTempDirectory("keysmith-classpath");
        copyClassPath(CLASS_PATHS.get(tool), classPath);
        modelAndOutput = new ArrayList<>(model);
        long generatedChars = 0;
        for (InMemoryOutput.Written file : compile(model, processor(tool)).generatedSources()) {
            String code = file.getCharContent(false).toString();
            generatedChars += code.length();
            modelAndOutput.add(source(file.className.replace('.', '/'), code));
            generated.put(file.className, code);
        }
        System.out.printf("%ncompile model (%s): %d sources, %,d chars; generated: %d sources, %,d chars = %.2fx"
                + " the model%n", tool, model.size(), modelChars, modelAndOutput.size() - model.size(), generatedChars,
                (double) generatedChars / modelChars);
        CompilerCpu warmUp = new CompilerCpu();
        for (int round = 0; round < warmUpRounds; round++) {
            collectGarbage();
            withProcessor(warmUp);
            collectGarbage();
            withoutProcessor(warmUp);
            collectGarbage();
            withoutProcessorWithOutput(warmUp);
            collectGarbage();
            processorOnly(warmUp);
            collectGarbage();
            replayingOutput(warmUp);
        }
    }

    /** Before each shot, outside its time: the garbage of the last shot collected. */
    @Setup(Level.Iteration)
    public void collectGarbage() {
        System.gc();
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
        delete(classPath);
        Files.deleteIfExists(classPath);
    }

    @Benchmark
    public int withProcessor(CompilerCpu cpu) throws IOException {
        return cpu.time(() -> compile(model, processor(tool))).size();
    }

    /** The model alone, without the processor. */
    @Benchmark
    public int withoutProcessor(CompilerCpu cpu) throws IOException {
        return cpu.time(() -> compile(model, null)).size();
    }

    /** The model and the processor's output (from {@link #setUp()}), without the processor. */
    @Benchmark
    public int withoutProcessorWithOutput(CompilerCpu cpu) throws IOException {
        return cpu.time(() -> compile(modelAndOutput, null)).size();
    }

    /** The processor's own share: javac parses and enters the model and runs the processor, compiles nothing. */
    @Benchmark
    public int processorOnly(CompilerCpu cpu) throws IOException {
        return cpu.time(() -> compile(model, processor(tool), "-proc:only")).size();
    }

    /**
     * The model with a processor that writes, in its first round, the sources the tool's processor wrote for it (from
     * {@link #setUp()}) and does nothing else: the least a processor that generates this output can cost (javac
     * parses the new files and enters every file again in the next rounds). It is not the same compilation as
     * {@link #withoutProcessorWithOutput} plus the rounds: for MapStruct's output it was the cheaper of the two.
     */
    @Benchmark
    public int replayingOutput(CompilerCpu cpu) throws IOException {
        return cpu.time(() -> compile(model, new Replay(generated))).size();
    }

    /**
     * The compiling thread's CPU time in each shot, beside JMH's wall time ({@code :cpuMs} in the results): javac
     * compiles and runs the processor on the thread that calls it, so this is their work alone, without what the
     * wall time also holds (the collector's and the JIT's threads, and time the virtual machine's CPU was taken from
     * it). It did not remove the spread that a growing heap's page faults gave both ({@link #HEAP}).
     */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.EVENTS)
    public static class CompilerCpu {

        private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

        /** Milliseconds of CPU of the compiling thread in this iteration's shot. */
        public double cpuMs;

        @Setup(Level.Iteration)
        public void reset() {
            cpuMs = 0;
        }

        InMemoryOutput time(Compilation compilation) throws IOException {
            long start = THREADS.getCurrentThreadCpuTime();
            try {
                return compilation.run();
            } finally {
                cpuMs += (THREADS.getCurrentThreadCpuTime() - start) / 1e6;
            }
        }
    }

    @FunctionalInterface
    interface Compilation {
        InMemoryOutput run() throws IOException;
    }

    /** Compiles {@code sources}: what javac wrote. */
    private InMemoryOutput compile(List<JavaFileObject> sources, Processor processor, String... extraOptions)
            throws IOException {
        InMemoryOutput output = new InMemoryOutput(javac.getStandardFileManager(null, null, null));
        try (output) {
            List<String> options = new ArrayList<>(List.of("-classpath", classPath.toString(), "--release", "17"));
            if (processor == null) {
                options.add("-proc:none");
            }
            options.addAll(List.of(extraOptions));
            JavaCompiler.CompilationTask task = javac.getTask(null, output, null, options, null, sources);
            if (processor != null) {
                task.setProcessors(List.of(processor));
            }
            if (!task.call()) {
                throw new IllegalStateException("the " + tool + " model did not compile");
            }
        }
        if (output.size() == 0) {
            throw new IllegalStateException("javac wrote nothing for the " + tool + " model");
        }
        return output;
    }

    /**
     * A file manager that keeps every file javac writes (class files, and the sources and resources a processor
     * writes through its {@code Filer}) in memory, and reads the rest (the platform, the class path) as javac's own
     * does. The processor's sources are compiled in javac's next round from here, as from {@code -s}.
     */
    static final class InMemoryOutput extends ForwardingJavaFileManager<StandardJavaFileManager> {

        private final List<Written> written = new ArrayList<>();

        InMemoryOutput(StandardJavaFileManager files) {
            super(files);
        }

        @Override
        public JavaFileObject getJavaFileForOutput(Location location, String className, JavaFileObject.Kind kind,
                FileObject sibling) {
            return add(new Written(location, className, className.replace('.', '/') + kind.extension, kind));
        }

        @Override
        public FileObject getFileForOutput(Location location, String packageName, String relativeName,
                FileObject sibling) {
            String path = packageName.isEmpty() ? relativeName : packageName.replace('.', '/') + '/' + relativeName;
            return add(new Written(location, path, path, JavaFileObject.Kind.OTHER));
        }

        /**
         * javac's {@code Filer} compares each new file with every one written before it (to refuse writing one twice):
         * by their paths here, a string comparison, where {@code URI.equals} took 2% of a keysmith shot.
         */
        @Override
        public boolean isSameFile(FileObject a, FileObject b) {
            if (a instanceof Written one && b instanceof Written other) {
                return one.path.equals(other.path);
            }
            return !(a instanceof Written) && !(b instanceof Written) && super.isSameFile(a, b);
        }

        private synchronized Written add(Written file) {
            written.add(file);
            return file;
        }

        synchronized int size() {
            return written.size();
        }

        /** The sources the processor wrote, by class name. */
        synchronized List<Written> generatedSources() {
            return written.stream()
                    .filter(file -> file.location == StandardLocation.SOURCE_OUTPUT)
                    .filter(file -> file.getKind() == JavaFileObject.Kind.SOURCE)
                    .sorted(Comparator.comparing(file -> file.className))
                    .toList();
        }

        /** A file javac or a processor wrote: its bytes. */
        static final class Written extends SimpleJavaFileObject {

            final Location location;
            final String className;
            /** Where it would be on disk: the location's name, then its path there. */
            final String path;
            private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();

            Written(Location location, String className, String path, JavaFileObject.Kind kind) {
                super(URI.create("memory:///" + location.getName() + "/" + path), kind);
                this.location = location;
                this.className = className;
                this.path = location.getName() + "/" + path;
            }

            @Override
            public OutputStream openOutputStream() {
                bytes.reset();
                return bytes;
            }

            @Override
            public Writer openWriter() {
                return new OutputStreamWriter(openOutputStream(), StandardCharsets.UTF_8);
            }

            @Override
            public InputStream openInputStream() {
                return new ByteArrayInputStream(bytes.toByteArray());
            }

            @Override
            public CharSequence getCharContent(boolean ignoreEncodingErrors) {
                return bytes.toString(StandardCharsets.UTF_8);
            }
        }
    }

    /**
     * Writes {@code sources} (class name to code) through the {@code Filer} in the first round, claims nothing: the
     * rounds javac runs for a processor that generates them, without the work of generating them.
     */
    @SupportedAnnotationTypes("*")
    static final class Replay extends AbstractProcessor {

        private final Map<String, String> sources;
        private boolean written;

        Replay(Map<String, String> sources) {
            this.sources = sources;
        }

        @Override
        public SourceVersion getSupportedSourceVersion() {
            return SourceVersion.latestSupported();
        }

        @Override
        public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
            if (!written) {
                written = true;
                for (Map.Entry<String, String> source : sources.entrySet()) {
                    try (Writer writer = processingEnv.getFiler().createSourceFile(source.getKey()).openWriter()) {
                        writer.write(source.getValue());
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                }
            }
            return false;
        }
    }

    static Processor processor(String tool) {
        return switch (tool) {
            case "keysmith" -> new KeysmithProcessor();
            case "mapstruct" -> new MappingProcessor();
            case "autovalue" -> new AutoValueProcessor();
            case "immutables" -> new org.immutables.processor.ProxyProcessor();
            default -> throw new IllegalArgumentException(tool);
        };
    }

    /**
     * Copies the class files whose names start with one of {@code prefixes} (and with none of those marked
     * {@code -}) from this JVM's class path (the shaded benchmarks jar, or the jars and directories of a run from
     * the build's class path) into {@code target}.
     */
    static void copyClassPath(List<String> prefixes, Path target) throws IOException {
        for (String element : System.getProperty("java.class.path").split(File.pathSeparator)) {
            Path source = Path.of(element);
            if (Files.isDirectory(source)) {
                try (Stream<Path> files = Files.walk(source)) {
                    for (Path file : files.filter(Files::isRegularFile).toList()) {
                        copyIfWanted(prefixes, source.relativize(file).toString().replace(File.separatorChar, '/'),
                                Files.newInputStream(file), target);
                    }
                }
            } else if (element.endsWith(".jar") && Files.isRegularFile(source)) {
                try (JarFile jar = new JarFile(source.toFile())) {
                    for (JarEntry entry : Collections.list(jar.entries())) {
                        if (!entry.isDirectory()) {
                            copyIfWanted(prefixes, entry.getName(), jar.getInputStream(entry), target);
                        }
                    }
                }
            }
        }
    }

    private static void copyIfWanted(List<String> prefixes, String name, InputStream content, Path target)
            throws IOException {
        try (content) {
            boolean wanted = name.endsWith(".class")
                    && prefixes.stream().anyMatch(prefix -> !prefix.startsWith("-") && name.startsWith(prefix))
                    && prefixes.stream().noneMatch(prefix -> prefix.startsWith("-") && name.startsWith(prefix.substring(1)));
            if (wanted) {
                Path file = target.resolve(name);
                Files.createDirectories(file.getParent());
                Files.copy(content, file, StandardCopyOption.REPLACE_EXISTING);
            }
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

    /** The sources of entity {@code index} in {@code tool}'s model, by class name. */
    static Map<String, String> model(String tool, int index) {
        String entity = "Entity" + index;
        String part = "Part" + index;
        Map<String, String> sources = new LinkedHashMap<>();
        switch (tool) {
            case "keysmith" -> {
                sources.put(entity, entity(entity, index, true));
                sources.put(part, embedded(part));
            }
            case "mapstruct" -> {
                sources.put(entity, entity(entity, index, false));
                sources.put(part, embedded(part));
                sources.put(entity + "Mapper", "package model;\n\n@org.mapstruct.Mapper\npublic interface " + entity
                        + "Mapper {\n\n    " + entity + " copy(" + entity + " source);\n\n    " + part + " copy("
                        + part + " source);\n}\n");
            }
            case "autovalue" -> {
                sources.put(entity, value(entity, index, "@com.google.auto.value.AutoValue"));
                sources.put(part, valuePart(part, "@com.google.auto.value.AutoValue"));
            }
            case "immutables" -> {
                sources.put(entity, value(entity, index, "@org.immutables.value.Value.Immutable"));
                sources.put(part, valuePart(part, "@org.immutables.value.Value.Immutable"));
            }
            default -> throw new IllegalArgumentException(tool);
        }
        return sources;
    }

    static String entity(String name, int index, boolean annotated) {
        StringBuilder code = new StringBuilder();
        code.append("package model;\n\n");
        if (annotated) {
            code.append("import dev.keysmith.annotations.Document;\n")
                    .append("import dev.keysmith.annotations.GeneratedObjectId;\n\n")
                    .append("@Document\n");
        }
        code.append("public class ").append(name).append(" {\n\n")
                .append("    public enum Kind { SMALL, LARGE }\n\n")
                .append(annotated ? "    @GeneratedObjectId\n" : "").append("    private String id;\n");
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

    /** The entity as an abstract value class: the same properties, as abstract getters. */
    static String value(String name, int index, String annotation) {
        StringBuilder code = new StringBuilder();
        code.append("package model;\n\n").append(annotation).append("\npublic abstract class ").append(name)
                .append(" {\n\n    public enum Kind { SMALL, LARGE }\n\n");
        abstractGetter(code, "String", "id");
        for (String[] field : FIELDS) {
            abstractGetter(code, field[0], field[1]);
        }
        abstractGetter(code, "Part" + index, "part");
        return code.append("}\n").toString();
    }

    static String valuePart(String name, String annotation) {
        StringBuilder code = new StringBuilder();
        code.append("package model;\n\n").append(annotation).append("\npublic abstract class ").append(name)
                .append(" {\n\n");
        abstractGetter(code, "String", "label");
        abstractGetter(code, "int", "weight");
        return code.append("}\n").toString();
    }

    private static void abstractGetter(StringBuilder code, String type, String field) {
        code.append("    public abstract ").append(type).append(' ').append(getter(type, field)).append("();\n\n");
    }

    private static String getter(String type, String field) {
        String capitalized = Character.toUpperCase(field.charAt(0)) + field.substring(1);
        return (type.equals("boolean") ? "is" : "get") + capitalized;
    }

    private static void accessors(StringBuilder code, String type, String field) {
        String capitalized = Character.toUpperCase(field.charAt(0)) + field.substring(1);
        code.append("    public ").append(type).append(' ').append(getter(type, field)).append("() {\n")
                .append("        return ").append(field).append(";\n    }\n\n")
                .append("    public void set").append(capitalized).append('(').append(type).append(' ')
                .append(field).append(") {\n        this.").append(field).append(" = ").append(field)
                .append(";\n    }\n\n");
    }
}
