package dev.keysmith.samples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Every {@code ```java} block of {@code README.md} and {@code docs/*.md} is code of this module, so it compiles and does what the guide
 * says; every {@code ```kotlin} block is code of the Kotlin projects {@code consumers/kotlin} and
 * {@code consumers/kotlin-spring}, which {@code .ci/run} builds and runs. The rules, the same for both languages:
 * <ul>
 *   <li>A java block matches a source file of {@code src/main/java} or {@code src/test/java} (or, for the Spring Boot
 *       samples, {@code spring-boot-mongodb} and {@code spring-boot-mongodb-reactive}; for the Hibernate OGM
 *       route, {@code hibernate-ogm/src/main/java} and the project {@code consumers/hibernate-ogm}; for the reactive
 *       guide, keysmith-mongodb-reactive's {@code ReactiveGuideTest} and the project {@code consumers/reactive}; for
 *       getting started's quick starts, {@code consumers/mongodb} and {@code consumers/jpa} (whose code hibernate.md's
 *       quick start shows too); for the Quarkus guide, {@code consumers/quarkus}; for spring.md's quick starts,
 *       {@code consumers/spring} and {@code consumers/spring-reactive}; for hibernate.md's Spring Data JPA quick
 *       start, {@code consumers/spring-jpa}), a kotlin block a {@code .kt} file of the two
 *       Kotlin projects, when its lines appear there in the same order, not necessarily next to each other (a
 *       subsequence): a sample may have more members, statements and comments than the guide shows.</li>
 *   <li>Lines are compared normalized: trimmed, runs of spaces collapsed to one, and a trailing
 *       {@code // comment} removed (outside string literals), in the guide and in the source alike. Comments are
 *       not matched on purpose: the guide's talk to its reader, the sample's explain the code's why.</li>
 *   <li>Lines that are then empty (blank or comment-only) and abridgement lines ({@code ...}) are skipped.</li>
 *   <li>A block that declares several top-level types (each closed by a line that is only a closing brace, in
 *       column 0) is matched one type at a time, since each public type lives in its own file.</li>
 *   <li>A block is exempt only when the line right before its opening fence is
 *       {@code <!-- snippet: not compiled, <reason> -->} with a reason, as the generated code of
 *       {@code docs/generated-code.md} is (the processor's golden tests pin it), and the Gradle build scripts (Kotlin
 *       DSL, fenced {@code ```kotlin}) that the pages say are not built.</li>
 * </ul>
 * A failure names the document, the block's first line and the first line of it that was not found.
 */
class DocsSnippetsTest {

    private static final Path MODULE = Path.of(System.getProperty("basedir", ".")).toAbsolutePath().normalize();
    private static final Path DOCS = MODULE.resolveSibling("docs");
    /**
     * Where java blocks are looked for: this module, and modules of their own: the Spring Boot samples, blocking and
     * reactive (Boot's dependencies must not meet the others'), the OGM route's samples (OGM needs Hibernate ORM 5.3),
     * the reactive guide's test in keysmith-mongodb-reactive (its reactive streams driver must not meet the sync
     * driver of this module), and the projects in consumers/ whose code the quick starts show (built and run by
     * .ci/run against the published artifacts).
     */
    private static final List<String> JAVA_ROOTS = List.of("src/main/java", "src/test/java",
            "spring-boot-mongodb/src/main/java", "spring-boot-mongodb/src/test/java",
            "spring-boot-mongodb-reactive/src/main/java", "spring-boot-mongodb-reactive/src/test/java",
            "hibernate-ogm/src/main/java",
            "../mongodb-reactive/src/test/java/dev/keysmith/mongodb/reactive/ReactiveGuideTest.java",
            "../consumers/mongodb/src/main/java", "../consumers/reactive/src/main/java",
            "../consumers/jpa/src/main/java", "../consumers/quarkus/src/main/java",
            "../consumers/spring/src/main/java", "../consumers/spring-reactive/src/main/java",
            "../consumers/spring-jpa/src/main/java", "../consumers/hibernate-ogm/src/main/java");
    /** Whitespace and a {@code #} after a property's value: a comment in the reader's eyes, part of the value. */
    private static final Pattern TRAILING_COMMENT = Pattern.compile("\\S\\s+#");
    /** Where kotlin blocks are looked for: the Kotlin projects .ci/run builds and runs (docs/kotlin.md). */
    private static final List<String> KOTLIN_ROOTS = List.of("../consumers/kotlin/src/main/kotlin",
            "../consumers/kotlin-spring/src/main/kotlin");

    @TestFactory
    Stream<DynamicTest> everyJavaSnippetOfTheDocsIsInTheSamples() {
        return snippetTests("java", sources(".java", JAVA_ROOTS));
    }

    @TestFactory
    Stream<DynamicTest> everyKotlinSnippetOfTheDocsIsInTheKotlinConsumers() {
        return snippetTests("kotlin", sources(".kt", KOTLIN_ROOTS));
    }

    @Test
    void theGuidesThatShowTheSamplesHaveSnippetsToCheck() {
        assertThat(checkedDocuments("java")).contains("README.md", "getting-started.md", "mongodb.md", "hibernate.md",
                "hibernate-ogm.md");
        assertThat(checkedDocuments("kotlin")).containsExactly("kotlin.md");
    }

    /**
     * A {@code #} after a value is part of the value in a {@code .properties} file (java.util.Properties, Spring
     * Boot's and Quarkus's loaders: a comment is a line of its own), so a block a reader copies has none.
     */
    @Test
    void noPropertiesBlockOfTheDocsHasACommentAfterAValue() {
        List<String> commentsAfterValues = docs().stream()
                .flatMap(doc -> DocSnippets.blocks(doc.getFileName().toString(), "properties", DocSnippets.read(doc))
                        .stream())
                .flatMap(block -> block.lines().stream()
                        .filter(line -> !line.isBlank() && !line.strip().startsWith("#")
                                && !line.strip().startsWith("!") && TRAILING_COMMENT.matcher(line).find())
                        .map(line -> block.document() + ": " + line))
                .toList();
        assertThat(checkedDocuments("properties")).as("documents with properties blocks").contains("spring.md");
        assertThat(commentsAfterValues).as("properties lines with a comment after the value").isEmpty();
    }

    @Test
    void eachLanguageHasItsOwnFencesAndAKotlinMismatchIsNamedAsSuch() {
        String markdown = String.join("\n",
                "```java",
                "Keysmith keysmith = Keysmith.create(database);",
                "```",
                "```kotlin",
                "val keysmith = Keysmith.create(database)",
                "```");

        assertThat(DocSnippets.blocks("kotlin.md", "java", markdown)).extracting(DocSnippets.Block::title)
                .containsExactly("Keysmith keysmith = Keysmith.create(database);");
        DocSnippets.Block kotlin = DocSnippets.blocks("kotlin.md", "kotlin", markdown).get(0);
        assertThat(kotlin.title()).isEqualTo("val keysmith = Keysmith.create(database)");
        assertThat(DocSnippets.mismatch(kotlin, Map.of("Main.kt", "val keysmith = Keysmith.create(db)")))
                .hasValue("kotlin.md: the kotlin block that starts with 'val keysmith = Keysmith.create(database)'"
                        + " (line 5) is not in the samples: line 5 'val keysmith = Keysmith.create(database)' was not"
                        + " found in any source file");
    }

    @Test
    void aSnippetLineMissingFromTheSourcesIsNamedWithItsDocumentAndBlock() {
        String markdown = String.join("\n",
                "# Guide",
                "",
                "```java",
                "Keysmith keysmith = Keysmith.create(database);   // a comment of the guide",
                "...",
                "Person ada = people.insert(new Person(\"Ada\"));",
                "```");
        DocSnippets.Block block = DocSnippets.blocks("guide.md", "java", markdown).get(0);
        Map<String, String> matching = Map.of("A.java", String.join("\n",
                "    Keysmith   keysmith = Keysmith.create(database);",
                "    Repository<Person, String> people = keysmith.repository(Person.class);",
                "    Person ada = people.insert(new Person(\"Ada\")); // another comment"));
        Map<String, String> wrongLine = Map.of("A.java", String.join("\n",
                "Keysmith keysmith = Keysmith.create(database);",
                "Person ada = people.insert(new Person(\"Grace\"));"));
        Map<String, String> wrongOrder = Map.of("A.java", String.join("\n",
                "Person ada = people.insert(new Person(\"Ada\"));",
                "Keysmith keysmith = Keysmith.create(database);"));

        assertThat(DocSnippets.mismatch(block, matching)).isEmpty();
        assertThat(DocSnippets.mismatch(block, wrongLine)).hasValue("guide.md: the java block that starts with"
                + " 'Keysmith keysmith = Keysmith.create(database);   // a comment of the guide' (line 4) is not in"
                + " the samples: line 6 'Person ada = people.insert(new Person(\"Ada\"));' was not found after the"
                + " lines before it in A.java, the closest source file");
        assertThat(DocSnippets.mismatch(block, wrongOrder)).get().asString()
                .contains("line 6 'Person ada = people.insert(new Person(\"Ada\"));' was not found");
    }

    @Test
    void severalTypesInOneSnippetAreFoundInTheirOwnFiles() {
        String markdown = String.join("\n",
                "```java",
                "public class A {",
                "    int a;",
                "}",
                "",
                "public class B {",
                "    int b;",
                "}",
                "```");
        DocSnippets.Block block = DocSnippets.blocks("guide.md", "java", markdown).get(0);

        assertThat(DocSnippets.mismatch(block, Map.of(
                "A.java", "public class A {\n    int a;\n}\n",
                "B.java", "public class B {\n    int b;\n}\n"))).isEmpty();
        assertThat(DocSnippets.mismatch(block, Map.of(
                "A.java", "public class A {\n    int a;\n}\n",
                "B.java", "public class B {\n    long b;\n}\n"))).get().asString()
                .contains("line 7 'int b;' was not found after the lines before it in B.java");
    }

    @Test
    void onlyABlockWithAReasonedCommentRightBeforeItsFenceIsExempt() {
        String markdown = String.join("\n",
                "<!-- snippet: not compiled, generated code -->",
                "```java",
                "class Generated {}",
                "```",
                "<!-- snippet: not compiled, -->",
                "```java",
                "class NoReason {}",
                "```",
                "<!-- snippet: not compiled, too far away -->",
                "",
                "```java",
                "class NotRightBefore {}",
                "```");

        assertThat(DocSnippets.blocks("guide.md", "java", markdown))
                .extracting(DocSnippets.Block::title, block -> block.exemption().orElse("checked"))
                .containsExactly(
                        tuple("class Generated {}", "generated code"),
                        tuple("class NoReason {}", "checked"),
                        tuple("class NotRightBefore {}", "checked"));
    }

    /**
     * Quick starts that show their whole consumer project: the page's section under the heading has a fenced block (or,
     * for Java, a top-level type of one) equal to each file of the project, and no Java type that is not one of its
     * files, so that a reader who copies the section has the project that {@code .ci/run} builds and runs.
     */
    static final List<WholeProject> WHOLE_PROJECTS = List.of(
            new WholeProject("hibernate.md", "## Quick start: Spring Data JPA", "consumers/spring-jpa"));

    /** A section of a page (from its heading to the next of the same level) that shows every file of a project. */
    record WholeProject(String page, String heading, String project) {
    }

    @Test
    void theQuickStartsThatShowAWholeProjectShowEachOfItsFilesAsItIs() {
        for (WholeProject whole : WHOLE_PROJECTS) {
            List<String> shown = shownFiles(section(DocSnippets.read(DOCS.resolve(whole.page())), whole.heading()));
            Path project = MODULE.resolveSibling(whole.project());
            List<Path> files;
            try (Stream<Path> walk = Files.walk(project)) {
                files = walk.filter(Files::isRegularFile)
                        .filter(file -> !project.relativize(file).startsWith("target")).sorted().toList();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            assertThat(files).as("the files of " + whole.project()).isNotEmpty();
            for (Path file : files) {
                assertThat(shown).as(whole.page() + " '" + whole.heading() + "': a block that is "
                        + whole.project() + "/" + project.relativize(file) + ", line for line")
                        .contains(DocSnippets.normalizedText(DocSnippets.read(file)));
            }
            assertThat(shown.stream().filter(block -> block.startsWith("package ")).count())
                    .as(whole.page() + " '" + whole.heading() + "': the Java types shown, each a file of "
                            + whole.project())
                    .isEqualTo(files.stream().filter(file -> file.toString().endsWith(".java")).count());
        }
    }

    @Test
    void aShownFileThatDiffersByOneLineIsNotFound() {
        String page = String.join("\n", "# Page", "## Quick start", "", "```java", "package a;", "", "class A {",
                "}", "", "package a;", "", "interface B {", "}", "```", "", "```properties", "x=1", "```", "",
                "## Next", "", "```properties", "y=2", "```");

        List<String> shown = shownFiles(section(page, "## Quick start"));
        assertThat(shown).containsExactly("package a;\n\nclass A {\n}", "package a;\n\ninterface B {\n}", "x=1");
        assertThat(shown).doesNotContain(DocSnippets.normalizedText("package a;\n\nclass A {\n    int a;\n}\n"));
    }

    /** The lines of {@code markdown} from {@code heading} to the next heading of the same level. */
    static String section(String markdown, String heading) {
        String level = heading.substring(0, heading.indexOf(' ') + 1);
        List<String> lines = markdown.lines().toList();
        int start = lines.indexOf(heading);
        assertThat(start).as("the heading '" + heading + "'").isNotNegative();
        int end = start + 1;
        while (end < lines.size() && !lines.get(end).startsWith(level)) {
            end++;
        }
        return String.join("\n", lines.subList(start, end));
    }

    /**
     * The fenced blocks of {@code markdown}, each as a file would hold it (trailing spaces and the surrounding blank
     * lines removed); a java block split into its top-level types, each closed by a line that is only a closing
     * brace, in column 0.
     */
    static List<String> shownFiles(String markdown) {
        List<String> files = new ArrayList<>();
        List<String> current = null;
        boolean java = false;
        for (String line : markdown.lines().toList()) {
            if (current == null && line.startsWith("```")) {
                current = new ArrayList<>();
                java = line.equals("```java");
            } else if (current != null && line.equals("```")) {
                if (!current.isEmpty()) {
                    files.add(DocSnippets.normalizedText(String.join("\n", current)));
                }
                current = null;
            } else if (current != null) {
                current.add(line);
                if (java && line.equals("}")) {
                    files.add(DocSnippets.normalizedText(String.join("\n", current)));
                    current = new ArrayList<>();
                }
            }
        }
        files.removeIf(String::isEmpty);
        return files;
    }

    /** The guides of {@code docs/}, and the README, whose first screen shows keysmith too. */
    private static List<Path> docs() {
        assertThat(DOCS).as("the docs folder next to the samples module").isDirectory();
        try (Stream<Path> files = Files.list(DOCS)) {
            return Stream.concat(Stream.of(MODULE.resolveSibling("README.md")),
                    files.filter(file -> file.getFileName().toString().endsWith(".md")).sorted()).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The unexempted {@code ```language} blocks of the docs, each a test that fails when it is not in {@code sources}.
     */
    private static Stream<DynamicTest> snippetTests(String language, Map<String, String> sources) {
        List<DocSnippets.Block> blocks = docs().stream()
                .flatMap(doc -> DocSnippets.blocks(MODULE.getParent().relativize(doc).toString(), language,
                        DocSnippets.read(doc)).stream())
                .filter(block -> block.exemption().isEmpty())
                .toList();
        assertThat(blocks).as(language + " blocks to check in " + DOCS).isNotEmpty();
        return blocks.stream().map(block -> DynamicTest.dynamicTest(
                block.document() + " line " + block.firstLine() + ": " + block.title(),
                () -> DocSnippets.mismatch(block, sources).ifPresent(message -> fail(message))));
    }

    /** The documents that have an unexempted {@code ```language} block. */
    private static List<String> checkedDocuments(String language) {
        return docs().stream()
                .flatMap(doc -> DocSnippets.blocks(doc.getFileName().toString(), language, DocSnippets.read(doc))
                        .stream())
                .filter(block -> block.exemption().isEmpty())
                .map(DocSnippets.Block::document)
                .distinct()
                .toList();
    }

    /** Every source of {@code roots} (relative to this module) whose name ends with {@code extension}, by its path. */
    private static Map<String, String> sources(String extension, List<String> roots) {
        Map<String, String> sources = new TreeMap<>();
        for (String root : roots) {
            try (Stream<Path> files = Files.walk(MODULE.resolve(root))) {
                files.filter(file -> file.toString().endsWith(extension))
                        .forEach(file -> sources.put(MODULE.relativize(file).toString(), DocSnippets.read(file)));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        assertThat(sources).as("the " + extension + " sources of " + roots).isNotEmpty();
        return sources;
    }
}
