package dev.keysmith.samples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The run commands that README.md and docs/ give fit the build: each {@code mvn -Pdemo -pl ... -am package} names
 * modules of the root pom that have a {@code demo} profile (the profile is what runs a sample, in its own module
 * only), and no page gives the form that stops on keysmith-parent ({@code -am} with {@code exec:java}, which runs
 * exec in every module of the reactor). The README's first screen gives exactly two commands: the demo and the
 * tests. Running the commands is {@code .ci/run}'s and the reader's; this test keeps the pages and the poms in step,
 * and checks that {@code .ci/run} runs every demo command a page gives and expects the line that a quick start
 * showing its whole project says it prints.
 */
class RunCommandsTest {

    private static final Path ROOT = Path.of(System.getProperty("basedir", ".")).toAbsolutePath().normalize()
            .getParent();
    private static final Pattern DEMO = Pattern.compile("mvn -Pdemo -pl (\\S+) -am package");
    private static final Pattern CODE_SPAN = Pattern.compile("`(mvn [^`]*)`");
    private static final String DEMO_COMMAND = "mvn -Pdemo -pl samples,samples/hibernate-ogm -am package";
    private static final String TEST_COMMAND = "mvn -B -T 1C clean verify";

    @Test
    void everyDemoCommandNamesModulesWithADemoProfile() {
        String rootPom = DocSnippets.read(ROOT.resolve("pom.xml"));
        List<String> modules = demoModules().stream().flatMap(list -> Stream.of(list.split(","))).toList();

        assertThat(modules).as("the modules the pages' demo commands run").contains("samples", "samples/hibernate-ogm",
                "samples/spring-boot-mongodb", "samples/spring-boot-mongodb-reactive");
        for (String module : modules) {
            assertThat(rootPom).as("the root pom's modules").contains("<module>" + module + "</module>");
            assertThat(DocSnippets.read(ROOT.resolve(module).resolve("pom.xml")))
                    .as("the demo profile of " + module).contains("<id>demo</id>");
        }
    }

    @Test
    void everyDemoCommandOfThePagesIsRunByCi() {
        String ci = DocSnippets.read(ROOT.resolve(".ci/run"));
        List<String> demos = demoModules();

        assertThat(demos).as("the pages' demo commands").isNotEmpty();
        List<String> ciRuns = ci.lines().filter(line -> line.startsWith("docs_command ")).toList();
        for (String modules : demos) {
            assertThat(ciRuns).as(".ci/run's docs_command lines: the pages' demo command for " + modules
                    + " (batch mode)")
                    .anyMatch(line -> line.endsWith(" mvn -B -Pdemo -pl " + modules + " -am package"));
        }
    }

    /**
     * Each command a page gives to run or check a project of its own ({@code exec:java}, {@code exec:exec},
     * {@code dependency:tree}, the Quarkus build) is, word for word, one that {@code .ci/run} runs a consumer project
     * with (after its repository settings): no page gives a command that CI runs only in another form.
     */
    @Test
    void everyProjectCommandOfThePagesIsRunByCi() {
        String ci = DocSnippets.read(ROOT.resolve(".ci/run"));
        List<String> ciCommands = new ArrayList<>();
        Matcher array = Pattern.compile("run=\\(([^)]*)\\)").matcher(ci);
        while (array.find()) {
            ciCommands.add(words(array.group(1)));
        }
        Matcher tree = Pattern.compile("(?m)^\\s+(dependency:tree [^)]*)\\)").matcher(ci);
        while (tree.find()) {
            ciCommands.add(words(tree.group(1)));
        }
        List<String> pageCommands = pages().stream().flatMap(page -> commands(DocSnippets.read(page)).stream())
                .filter(command -> command.matches(".*( exec:(java|exec)| dependency:tree| clean package$).*"))
                .map(command -> words(command.substring("mvn ".length()))).distinct().toList();

        assertThat(pageCommands).as("the pages' project commands").contains(
                "-q compile exec:java -Dexec.mainClass=com.example.Main", "dependency:tree -Dincludes=org.mongodb",
                "-B clean package");
        assertThat(ciCommands).as(".ci/run's consumer commands").containsAll(pageCommands);
    }

    /** {@code command} without its quotes, one space between words. */
    private static String words(String command) {
        return command.replace("\"", "").strip().replaceAll("\\s+", " ");
    }

    /** The install command that README.md and the pages give is one that {@code .ci/run} runs, as they write it. */
    @Test
    void theInstallCommandOfThePagesIsRunByCi() {
        List<String> ciRuns = DocSnippets.read(ROOT.resolve(".ci/run")).lines()
                .filter(line -> line.startsWith("docs_command ")).toList();
        List<String> installs = pages().stream().flatMap(page -> commands(DocSnippets.read(page)).stream())
                .filter(command -> command.contains(" install")).distinct().toList();

        assertThat(installs).as("the pages' install commands").containsExactly("mvn -B install -DskipTests");
        assertThat(ciRuns).as(".ci/run's docs_command lines").anyMatch(line -> line.endsWith(" " + installs.get(0)));
    }

    /**
     * testing.md's "one layer at a time" command (a module and what it needs, every test) is the one {@code .ci/run}
     * runs on the newest JDK, word for word.
     */
    @Test
    void theOneLayerCommandOfTestingIsRunByCi() {
        Matcher array = Pattern.compile("one_layer=\\(([^)]*)\\)").matcher(DocSnippets.read(ROOT.resolve(".ci/run")));
        List<String> oneLayer = commands(DocSnippets.read(ROOT.resolve("docs/testing.md"))).stream()
                .filter(command -> command.matches("mvn -B verify -pl \\S+ -am")).toList();

        assertThat(array.find()).as(".ci/run's one_layer command").isTrue();
        assertThat(oneLayer).as("testing.md's one-layer commands").containsExactly(words(array.group(1)));
    }

    /** testing.md's one-class commands (a module and what it needs, one test class) are {@code docs_command}s of CI. */
    @Test
    void theOneClassCommandsOfTestingAreRunByCi() {
        List<String> ciRuns = DocSnippets.read(ROOT.resolve(".ci/run")).lines()
                .filter(line -> line.startsWith("docs_command ")).toList();
        List<String> oneClass = commands(DocSnippets.read(ROOT.resolve("docs/testing.md"))).stream()
                .filter(command -> command.matches("mvn -B verify -pl \\S+ -am -Dtest=.*")).toList();

        assertThat(oneClass).as("testing.md's one-class commands").isNotEmpty();
        for (String command : oneClass) {
            assertThat(ciRuns).as(".ci/run's docs_command lines").anyMatch(line -> line.endsWith(" " + command));
        }
    }

    /**
     * Each {@code .ci/stress} command the pages give sets only variables the script reads: one it ignores would run
     * every suite instead of the one the reader asked for.
     */
    @Test
    void everyStressCommandOfThePagesSetsOnlyVariablesTheScriptReads() {
        String script = DocSnippets.read(ROOT.resolve(".ci/stress"));
        List<String> stressCommands = pages().stream()
                .flatMap(page -> indentedOutsideFences(DocSnippets.read(page)).stream())
                .filter(line -> line.matches("([A-Z_]+=\\S+ )*\\.ci/stress\\b.*")).toList();

        assertThat(stressCommands).as("the pages' .ci/stress commands").hasSizeGreaterThanOrEqualTo(2);
        for (String command : stressCommands) {
            Matcher variable = Pattern.compile("([A-Z_]+)=").matcher(command.substring(0, command.indexOf(".ci/stress")));
            while (variable.find()) {
                assertThat(script).as("the variables .ci/stress reads, for: " + command)
                        .contains("${" + variable.group(1) + ":-");
            }
        }
    }

    @Test
    void noPageRunsExecJavaOnTheWholeReactor() {
        for (Path page : pages()) {
            for (String command : commands(DocSnippets.read(page))) {
                assertThat(command.contains(" -am") && command.contains("exec:java"))
                        .as(ROOT.relativize(page) + ": " + command).isFalse();
            }
        }
    }

    @Test
    void aCommandInCodeSpansOverALineBreakIsFound() {
        assertThat(commands("Run (`mvn -pl samples/x -am\nexec:java`) or:\n\n    mvn -B clean verify\n"))
                .containsExactly("mvn -pl samples/x -am exec:java", "mvn -B clean verify");
    }

    /** The {@code mvn} commands of {@code markdown}: in code spans (which may go over a line break) and indented. */
    static List<String> commands(String markdown) {
        List<String> commands = new ArrayList<>();
        Matcher span = CODE_SPAN.matcher(markdown);
        while (span.find()) {
            commands.add(span.group(1).replaceAll("\\s+", " "));
        }
        markdown.lines().filter(line -> line.startsWith("    mvn ")).map(String::strip).forEach(commands::add);
        return commands;
    }

    @Test
    void theReadmesFirstScreenGivesTheDemoAndTheTests() {
        String readme = DocSnippets.read(ROOT.resolve("README.md"));
        String firstScreen = readme.substring(0, readme.indexOf("\n## "));
        List<String> commands = firstScreen.lines().filter(line -> line.startsWith("    ")).map(String::strip)
                .toList();

        assertThat(commands).containsExactly(DEMO_COMMAND, TEST_COMMAND);
        assertThat(firstScreen).contains("not on Maven Central yet", "mvn -B install -DskipTests", "keysmith-bom");
    }

    /**
     * A quick start that shows its whole project (DocsSnippetsTest) shows the line it prints, indented outside its
     * fenced blocks; {@code .ci/run} fails the consumer's run without that line ({@code promised_line}).
     */
    @Test
    void ciExpectsTheLineEachWholeProjectQuickStartPromises() {
        String ci = DocSnippets.read(ROOT.resolve(".ci/run"));
        for (DocsSnippetsTest.WholeProject whole : DocsSnippetsTest.WHOLE_PROJECTS) {
            String section = DocsSnippetsTest.section(DocSnippets.read(ROOT.resolve("docs").resolve(whole.page())),
                    whole.heading());
            List<String> printed = indentedOutsideFences(section).stream()
                    .filter(line -> !line.startsWith("mvn ")).toList();
            String consumer = ROOT.resolve(whole.project()).getFileName().toString();

            assertThat(printed).as(whole.page() + " '" + whole.heading() + "': the line its project prints")
                    .hasSize(1);
            assertThat(ci).as(".ci/run's promised line for " + consumer)
                    .contains("    " + consumer + ") echo '" + printed.get(0) + "' ;;");
        }
    }

    @Test
    void anIndentedLineInAFencedBlockIsNotAPrintedLine() {
        String markdown = String.join("\n", "```java", "    System.out.println(1);", "```", "", "    mvn -q compile",
                "", "    printed", "");

        assertThat(indentedOutsideFences(markdown)).containsExactly("mvn -q compile", "printed");
    }

    /** The indented (code) lines of {@code markdown} that are not in a fenced block, stripped. */
    static List<String> indentedOutsideFences(String markdown) {
        List<String> lines = new ArrayList<>();
        boolean fenced = false;
        for (String line : markdown.lines().toList()) {
            if (line.strip().startsWith("```")) {
                fenced = !fenced;
            } else if (!fenced && line.startsWith("    ") && !line.isBlank()) {
                lines.add(line.strip());
            }
        }
        return lines;
    }

    /** The {@code -pl} list of every {@code mvn -Pdemo -pl ... -am package} command the pages give. */
    private static List<String> demoModules() {
        List<String> modules = new ArrayList<>();
        for (Path page : pages()) {
            Matcher matcher = DEMO.matcher(DocSnippets.read(page));
            while (matcher.find()) {
                modules.add(matcher.group(1));
            }
        }
        return modules;
    }

    /** README.md and the pages of docs/. */
    private static List<Path> pages() {
        try (Stream<Path> files = Files.list(ROOT.resolve("docs"))) {
            return Stream.concat(Stream.of(ROOT.resolve("README.md")),
                    files.filter(file -> file.toString().endsWith(".md")).sorted()).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
