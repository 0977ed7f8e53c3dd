package dev.keysmith.samples;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds the {@code ```java} or {@code ```kotlin} blocks of markdown documents and looks for their lines in sources of
 * that language, by the rules written on {@link DocsSnippetsTest} (the same for both languages).
 *
 * <p>Immutable.
 */
final class DocSnippets {

    private static final String FENCE = "```";
    private static final Pattern EXEMPTION = Pattern.compile("<!--\\s*snippet: not compiled,\\s*(\\S.*?)\\s*-->");
    private static final Pattern SPACES = Pattern.compile("\\s+");

    private DocSnippets() {
    }

    /**
     * One fenced block: its document, its language (the fence's info string), the line number of its first line, and
     * its lines.
     */
    record Block(String document, String language, int firstLine, List<String> lines, Optional<String> exemption) {

        /** The block's first non-blank line, to name it in a message. */
        String title() {
            return lines.stream().map(String::strip).filter(line -> !line.isEmpty()).findFirst().orElse("");
        }

        /**
         * The parts of the block that must each be found in one file: one per top-level type, or the whole block.
         */
        List<List<NumberedLine>> units() {
            List<List<NumberedLine>> units = new ArrayList<>();
            List<NumberedLine> unit = new ArrayList<>();
            for (int index = 0; index < lines.size(); index++) {
                String raw = lines.get(index);
                String line = normalize(raw);
                if (!line.isEmpty() && !line.equals("...")) {
                    unit.add(new NumberedLine(firstLine + index, raw.strip(), line));
                }
                if (raw.equals("}") && !unit.isEmpty()) {
                    units.add(unit);
                    unit = new ArrayList<>();
                }
            }
            if (!unit.isEmpty()) {
                units.add(unit);
            }
            return units;
        }
    }

    /** A line of a block: its line number in the document, its text, and its normalized form. */
    record NumberedLine(int number, String text, String normalized) {
    }

    /**
     * Every block of {@code markdown} fenced as {@code ```language} ({@code java}, {@code kotlin}), with the exemption
     * comment right before it, if any.
     */
    static List<Block> blocks(String document, String language, String markdown) {
        String opening = FENCE + language;
        List<String> lines = markdown.lines().toList();
        List<Block> blocks = new ArrayList<>();
        for (int index = 0; index < lines.size(); index++) {
            if (!lines.get(index).strip().equals(opening)) {
                continue;
            }
            Optional<String> exemption = Optional.empty();
            if (index > 0) {
                Matcher matcher = EXEMPTION.matcher(lines.get(index - 1).strip());
                if (matcher.matches()) {
                    exemption = Optional.of(matcher.group(1));
                }
            }
            int start = index + 1;
            int end = start;
            while (end < lines.size() && !lines.get(end).strip().equals(FENCE)) {
                end++;
            }
            if (end == lines.size()) {
                throw new IllegalArgumentException(document + ": the " + opening + " block at line " + (index + 1)
                        + " is never closed");
            }
            blocks.add(new Block(document, language, start + 1, lines.subList(start, end), exemption));
            index = end;
        }
        return blocks;
    }

    /**
     * Why {@code block} is not in {@code sources} (file name to text), or empty when every unit of it is found in
     * one of the files.
     */
    static Optional<String> mismatch(Block block, Map<String, String> sources) {
        Map<String, List<String>> normalizedSources = new TreeMap<>();
        sources.forEach((name, text) -> normalizedSources.put(name,
                text.lines().map(DocSnippets::normalize).filter(line -> !line.isEmpty()).toList()));
        for (List<NumberedLine> unit : block.units()) {
            int bestMatched = -1;
            String bestFile = null;
            for (Map.Entry<String, List<String>> source : normalizedSources.entrySet()) {
                int matched = matchedPrefix(unit, source.getValue());
                if (matched == unit.size()) {
                    bestMatched = matched;
                    break;
                }
                if (matched > bestMatched) {
                    bestMatched = matched;
                    bestFile = source.getKey();
                }
            }
            if (bestMatched < unit.size()) {
                NumberedLine missing = unit.get(bestMatched);
                return Optional.of(block.document() + ": the " + block.language() + " block that starts with '" + block.title()
                        + "' (line " + block.firstLine() + ") is not in the samples: line " + missing.number()
                        + " '" + missing.text() + "' was not found"
                        + (bestMatched == 0 ? " in any source file"
                                : " after the lines before it in " + bestFile + ", the closest source file"));
            }
        }
        return Optional.empty();
    }

    /** How many lines of {@code unit}, from the first, appear in order in {@code source}. */
    private static int matchedPrefix(List<NumberedLine> unit, List<String> source) {
        int matched = 0;
        for (String line : source) {
            if (matched == unit.size()) {
                break;
            }
            if (line.equals(unit.get(matched).normalized())) {
                matched++;
            }
        }
        return matched;
    }

    /** The line trimmed, its runs of spaces collapsed, and a trailing {@code //} comment removed. */
    static String normalize(String line) {
        return SPACES.matcher(withoutComment(line)).replaceAll(" ").strip();
    }

    private static String withoutComment(String line) {
        boolean inString = false;
        boolean inChar = false;
        for (int index = 0; index < line.length(); index++) {
            char c = line.charAt(index);
            if ((inString || inChar) && c == '\\') {
                index++;
            } else if (c == '"' && !inChar) {
                inString = !inString;
            } else if (c == '\'' && !inString) {
                inChar = !inChar;
            } else if (!inString && !inChar && line.startsWith("//", index)) {
                return line.substring(0, index);
            }
        }
        return line;
    }

    /** {@code text} as a file holds it: line ends LF, trailing spaces and surrounding blank lines removed. */
    static String normalizedText(String text) {
        return text.replace("\r\n", "\n").lines().map(String::stripTrailing).reduce((a, b) -> a + "\n" + b)
                .orElse("").strip();
    }

    /** The text of {@code file}. */
    static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }
}
