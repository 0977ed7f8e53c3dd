package dev.keysmith.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * Every JMH command that README.md and docs/ give ({@code java -jar benchmarks/target/benchmarks.jar ...}) fits this
 * module's benchmarks: JMH parses its options, each pattern selects at least one benchmark, and each {@code -p} names
 * a parameter of a benchmark it selects. Running them is a measurement of minutes each (docs/benchmarks.md); this
 * keeps a renamed benchmark or parameter from leaving a command on the page that no longer measures anything.
 */
class DocumentedCommandsTest {

    private static final Path ROOT = Path.of(System.getProperty("basedir", ".")).toAbsolutePath().normalize()
            .getParent();
    private static final String JAR = "java -jar benchmarks/target/benchmarks.jar";
    /** A command in a code span (which may go over a line break) or an indented line, continued by {@code \}. */
    private static final Pattern COMMAND = Pattern.compile(
            "`(" + Pattern.quote(JAR) + "[^`]*)`|(?m)^ {4}(" + Pattern.quote(JAR) + "(?:[^\\n]*\\\\\\n)*[^\\n]*)$");
    private static final Pattern WORD = Pattern.compile("'([^']*)'|(\\S+)");

    @Test
    void everyBenchmarkCommandOfThePagesSelectsBenchmarksThatHaveItsParameters() throws Exception {
        List<String> commands = commands();
        assertThat(commands).as("the pages' JMH commands").hasSizeGreaterThanOrEqualTo(10);
        BenchmarkList benchmarks = BenchmarkList.defaultList();
        var silent = OutputFormatFactory.createFormatInstance(new PrintStream(PrintStream.nullOutputStream(), false,
                StandardCharsets.UTF_8), VerboseMode.SILENT);

        for (String command : commands) {
            List<String> args = words(command.substring(JAR.length()));
            CommandLineOptions options;
            try {
                options = new CommandLineOptions(args.toArray(String[]::new));
            } catch (CommandLineOptionException e) {
                throw new AssertionError("JMH cannot parse the options of: " + command, e);
            }
            Set<BenchmarkListEntry> selected = benchmarks.find(silent, options.getIncludes(), options.getExcludes());
            assertThat(selected).as("the benchmarks selected by: " + command).isNotEmpty();
            for (int i = 0; i < args.size() - 1; i++) {
                if (args.get(i).equals("-p")) {
                    String parameter = args.get(i + 1).substring(0, args.get(i + 1).indexOf('='));
                    assertThat(selected).as("a benchmark with the parameter '" + parameter + "' of: " + command)
                            .anyMatch(entry -> entry.getParams().orElse(Map.of()).containsKey(parameter));
                }
            }
        }
    }

    @Test
    void aCommandIsFoundInASpanOverALineBreakAndOnContinuedLines() {
        String markdown = "A smoke run: `" + JAR + " 'A.b$' -p tool=x\n-f 1`.\n\n    " + JAR + " \\\n        'C|D' \\\n"
                + "        -f 2\n    " + JAR + "\n";

        assertThat(commands(markdown)).containsExactly(JAR + " 'A.b$' -p tool=x -f 1", JAR + " 'C|D' -f 2", JAR);
        assertThat(words(" 'C|D' -f 2")).containsExactly("C|D", "-f", "2");
    }

    private static List<String> commands() {
        try (Stream<Path> files = Files.list(ROOT.resolve("docs"))) {
            List<String> commands = new ArrayList<>();
            for (Path page : Stream.concat(Stream.of(ROOT.resolve("README.md")),
                    files.filter(file -> file.toString().endsWith(".md")).sorted()).toList()) {
                commands.addAll(commands(Files.readString(page)));
            }
            return commands;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static List<String> commands(String markdown) {
        List<String> commands = new ArrayList<>();
        Matcher matcher = COMMAND.matcher(markdown);
        while (matcher.find()) {
            String command = matcher.group(1) != null ? matcher.group(1) : matcher.group(2);
            commands.add(command.replaceAll("\\\\\\n", " ").replaceAll("\\s+", " ").strip());
        }
        return commands;
    }

    /** The shell's words of {@code command}: single quotes taken off, nothing else expanded. */
    static List<String> words(String command) {
        List<String> words = new ArrayList<>();
        Matcher word = WORD.matcher(command);
        while (word.find()) {
            words.add(word.group(1) != null ? word.group(1) : word.group(2));
        }
        return words;
    }
}
