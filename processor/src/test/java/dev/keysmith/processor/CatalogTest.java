package dev.keysmith.processor;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keysmith.processor.messages.Message;
import dev.keysmith.processor.messages.Reason;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every sentence the processor says is in its catalog ({@link Message} and {@link Reason}): no other class of its
 * main code builds one, and only the reporter hands diagnostics to javac. The writing package is left out: its
 * strings are generated code, which javac compiles and no user reads as a message.
 */
class CatalogTest {

    private static final Path MAIN = Path.of("src", "main", "java", "dev", "keysmith", "processor");
    private static final Pattern LITERAL = Pattern.compile("\"((?:[^\"\\\\\\n]|\\\\.)*)\"");
    /** Words with a space between them: the start of a sentence. */
    private static final Pattern WORDS = Pattern.compile("[A-Za-z']+ +[A-Za-z'@(]");

    @Test
    void noSentenceIsBuiltOutsideTheCatalog() throws IOException {
        List<String> found = new ArrayList<>();
        for (Path file : sources()) {
            String relative = MAIN.relativize(file).toString().replace('\\', '/');
            if (relative.startsWith("messages/") || relative.startsWith("writing/")) {
                continue;
            }
            Matcher literal = LITERAL.matcher(withoutComments(Files.readString(file)));
            while (literal.find()) {
                if (WORDS.matcher(literal.group(1)).find()) {
                    found.add(relative + ": \"" + literal.group(1) + "\"");
                }
            }
        }
        assertThat(found).as("sentences built outside messages/Message and messages/Reason").isEmpty();
    }

    @Test
    void onlyTheReporterHandsDiagnosticsToJavac() throws IOException {
        List<String> printing = new ArrayList<>();
        for (Path file : sources()) {
            if (withoutComments(Files.readString(file)).contains("printMessage(")) {
                printing.add(MAIN.relativize(file).toString().replace('\\', '/'));
            }
        }
        assertThat(printing).containsExactly("messages/Reporter.java");
    }

    @Test
    void theCheckSeesASentenceWhereOneIsBuilt() {
        String source = "class A { String why() { return \"private with no getter\"; } // \"a comment\"\n}";
        Matcher literal = LITERAL.matcher(withoutComments(source));
        assertThat(literal.find()).isTrue();
        assertThat(WORDS.matcher(literal.group(1)).find()).isTrue();
        assertThat(literal.find()).as("comments are not code").isFalse();
    }

    private static List<Path> sources() throws IOException {
        try (Stream<Path> files = Files.walk(MAIN)) {
            return files.filter(file -> file.toString().endsWith(".java")).sorted().toList();
        }
    }

    private static String withoutComments(String source) {
        return source.replaceAll("(?s)/\\*.*?\\*/", "").replaceAll("//[^\\n]*", "");
    }
}
