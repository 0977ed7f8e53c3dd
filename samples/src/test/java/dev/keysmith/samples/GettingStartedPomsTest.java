package dev.keysmith.samples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * {@code docs/getting-started.md} (and {@code docs/hibernate-ogm.md} for the OGM project, {@code docs/reactive.md} for
 * the reactive one, {@code docs/spring.md} for the Spring ones, blocking and reactive, {@code docs/hibernate.md} for
 * the Spring Data JPA one) shows the poms of
 * {@code consumers/} (the projects CI builds against the published artifacts and runs) as they are, and shows no other
 * complete pom: what a reader copies is what was built. {@code docs/kotlin.md}, {@code docs/hibernate.md} and
 * {@code docs/quarkus.md} show excerpts of the Kotlin, JPA and Quarkus projects' poms, each line as the pom has it.
 */
class GettingStartedPomsTest {

    /** Each consumer project's pom, and the guide that shows it. */
    private static final Map<String, String> GUIDES = Map.of(
            "consumers/jpa/pom.xml", "docs/getting-started.md",
            "consumers/mongodb/pom.xml", "docs/getting-started.md",
            "consumers/hibernate-ogm/pom.xml", "docs/hibernate-ogm.md",
            "consumers/reactive/pom.xml", "docs/reactive.md",
            "consumers/spring/pom.xml", "docs/spring.md",
            "consumers/spring-jpa/pom.xml", "docs/hibernate.md",
            "consumers/spring-reactive/pom.xml", "docs/spring.md");

    /**
     * Consumer projects whose guide shows excerpts of their pom, each after a line that says
     * "From `consumers/.../pom.xml`": every line of such an excerpt is a line of that pom. A pom may be excerpted by
     * a route's page and shown whole by getting-started.md ({@code consumers/jpa}).
     */
    private static final List<Map.Entry<String, String>> EXCERPTED = List.of(
            Map.entry("consumers/kotlin/pom.xml", "docs/kotlin.md"),
            Map.entry("consumers/kotlin-spring/pom.xml", "docs/kotlin.md"),
            Map.entry("consumers/jpa/pom.xml", "docs/hibernate.md"),
            Map.entry("consumers/quarkus/pom.xml", "docs/quarkus.md"));

    private static final Path ROOT = Path.of(System.getProperty("basedir", ".")).toAbsolutePath().normalize()
            .getParent();

    @Test
    void theGuidesShowEveryConsumerPomAsItIs() {
        List<Path> poms = consumerPoms();
        Set<String> expected = new java.util.HashSet<>(GUIDES.keySet());
        EXCERPTED.forEach(excerpted -> expected.add(excerpted.getKey()));
        assertThat(poms).extracting(pom -> ROOT.relativize(pom).toString())
                .containsExactlyInAnyOrderElementsOf(expected);

        for (Path pom : poms.stream().filter(pom -> GUIDES.containsKey(ROOT.relativize(pom).toString())).toList()) {
            String guide = GUIDES.get(ROOT.relativize(pom).toString());
            assertThat(xmlBlocks(DocSnippets.read(ROOT.resolve(guide)))).as("an xml block of " + guide + " that is "
                    + ROOT.relativize(pom) + ", line for line")
                    .contains(DocSnippets.normalizedText(DocSnippets.read(pom)));
        }
        for (String guide : Set.copyOf(GUIDES.values())) {
            List<String> wholePoms = xmlBlocks(DocSnippets.read(ROOT.resolve(guide))).stream()
                    .filter(block -> block.startsWith("<?xml")).toList();
            assertThat(wholePoms).as("complete poms in " + guide + ", each one of consumers/")
                    .hasSize((int) GUIDES.values().stream().filter(guide::equals).count());
        }
    }

    @Test
    void theGuidesShowExcerptsOfTheConsumerPomsAsTheyAre() {
        for (Map.Entry<String, String> excerpted : EXCERPTED) {
            String guide = DocSnippets.read(ROOT.resolve(excerpted.getValue()));
            List<String> excerpts = excerptsOf(guide, excerpted.getKey());
            assertThat(excerpts).as("excerpts of " + excerpted.getKey() + " in " + excerpted.getValue()).isNotEmpty();
            List<String> pomLines = DocSnippets.read(ROOT.resolve(excerpted.getKey())).lines().map(String::strip)
                    .toList();
            for (String excerpt : excerpts) {
                assertThat(pomLines).as("the lines of an excerpt of " + excerpted.getKey() + " in "
                        + excerpted.getValue()).containsAll(excerpt.lines().map(String::strip)
                        .filter(line -> !line.isEmpty()).toList());
            }
        }
    }

    /**
     * A consumer's {@code application.properties} shown in a guide, after a line that says
     * "From `consumers/.../application.properties`:": every line of the block is a line of the file.
     */
    private static final List<Map.Entry<String, String>> PROPERTIES = List.of(
            Map.entry("consumers/spring/src/main/resources/application.properties", "docs/spring.md"),
            Map.entry("consumers/spring-jpa/src/main/resources/application.properties", "docs/hibernate.md"));

    @Test
    void theGuidesShowTheConsumersPropertiesAsTheyAre() {
        for (Map.Entry<String, String> shown : PROPERTIES) {
            String guide = DocSnippets.read(ROOT.resolve(shown.getValue()));
            List<String> excerpts = excerptsOf(guide, shown.getKey(), "```properties");
            assertThat(excerpts).as("excerpts of " + shown.getKey() + " in " + shown.getValue()).isNotEmpty();
            List<String> fileLines = DocSnippets.read(ROOT.resolve(shown.getKey())).lines().map(String::strip)
                    .toList();
            for (String excerpt : excerpts) {
                assertThat(fileLines).as("the lines of an excerpt of " + shown.getKey() + " in " + shown.getValue())
                        .containsAll(excerpt.lines().map(String::strip).filter(line -> !line.isEmpty()).toList());
            }
        }
    }

    @Test
    void anExcerptWithALineThePomDoesNotHaveIsFound() {
        String guide = String.join("\n", "From `consumers/x/pom.xml`:", "", "```xml", "<a>1</a>", "```", "",
                "Other text.", "", "```xml", "<b>2</b>", "```", "");

        assertThat(excerptsOf(guide, "consumers/x/pom.xml")).containsExactly("<a>1</a>");
    }

    /** The xml blocks of {@code markdown} that follow a paragraph ending in "From `pom`:". */
    static List<String> excerptsOf(String markdown, String pom) {
        return excerptsOf(markdown, pom, "```xml");
    }

    /** The blocks opened by {@code fence} in {@code markdown} that follow a paragraph ending in "From `file`:". */
    static List<String> excerptsOf(String markdown, String file, String fence) {
        List<String> excerpts = new ArrayList<>();
        String[] parts = markdown.split(Pattern.quote(fence), -1);
        for (int i = 1; i < parts.length; i++) {
            if (parts[i - 1].strip().endsWith("From `" + file + "`:")) {
                excerpts.add(DocSnippets.normalizedText(parts[i].substring(0, parts[i].indexOf("```"))));
            }
        }
        return excerpts;
    }

    @Test
    void aPomThatDiffersFromTheGuideByOneLineIsNotFound() {
        String guide = String.join("\n", "# Guide", "", "```xml", "<project>", "  <a>1</a>", "</project>", "```", "");

        assertThat(xmlBlocks(guide)).containsExactly("<project>\n  <a>1</a>\n</project>");
        assertThat(xmlBlocks(guide)).doesNotContain(DocSnippets.normalizedText("<project>\n  <a>2</a>\n</project>\n"));
    }

    /** The contents of the {@code ```xml} blocks of {@code markdown}, trailing spaces of each line removed. */
    static List<String> xmlBlocks(String markdown) {
        List<String> blocks = new ArrayList<>();
        List<String> current = null;
        for (String line : markdown.split("\n", -1)) {
            if (current == null && line.strip().equals("```xml")) {
                current = new ArrayList<>();
            } else if (current != null && line.strip().equals("```")) {
                blocks.add(DocSnippets.normalizedText(String.join("\n", current)));
                current = null;
            } else if (current != null) {
                current.add(line);
            }
        }
        return blocks;
    }

    private static List<Path> consumerPoms() {
        try (Stream<Path> dirs = Files.list(ROOT.resolve("consumers"))) {
            return dirs.map(dir -> dir.resolve("pom.xml")).filter(Files::isRegularFile).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
