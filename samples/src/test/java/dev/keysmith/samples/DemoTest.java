package dev.keysmith.samples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Runs the demo in-process once and checks what it printed. */
class DemoTest {

    private static final List<String> ROUTES = List.of("MongoDB", "Hibernate");
    private static final List<String> STRATEGIES = List.of("@GeneratedObjectId", "@Sequence(batch = 100)",
            "@UuidId(TIME_ORDERED)", "@UuidId(RANDOM)", "@RandomId(digits = 12)");

    private static List<String> output;
    private static String errors;
    private static final List<String> hibernateMessages = new CopyOnWriteArrayList<>();
    private static Set<Thread> threadsLeft;

    @BeforeAll
    static void runTheDemo() throws InterruptedException {
        Set<Thread> before = Thread.getAllStackTraces().keySet();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream originalErr = System.err;
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        // Hibernate logs to java.util.logging, whose console handler may hold the System.err of before.
        Logger hibernateLog = Logger.getLogger("org.hibernate");
        Handler hibernateRecords = new Handler() {
            @Override
            public void publish(LogRecord record) {
                if (hibernateLog.isLoggable(record.getLevel())) {
                    hibernateMessages.add(record.getLevel() + " " + record.getLoggerName() + ": " + record.getMessage());
                }
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        hibernateLog.addHandler(hibernateRecords);
        try {
            Demo.run(new PrintStream(out, true, StandardCharsets.UTF_8));
        } finally {
            System.setErr(originalErr);
            hibernateLog.removeHandler(hibernateRecords);
        }
        output = out.toString(StandardCharsets.UTF_8).lines().toList();
        errors = err.toString(StandardCharsets.UTF_8);

        // Threads the demo started that would keep a JVM alive: each must end (a minute in all is a hang guard for a
        // loaded machine, not a claim about speed).
        threadsLeft = Thread.getAllStackTraces().keySet().stream()
                .filter(thread -> !before.contains(thread) && !thread.isDaemon())
                .collect(Collectors.toSet());
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        for (Thread thread : threadsLeft) {
            TimeUnit.NANOSECONDS.timedJoin(thread, Math.max(1, deadline - System.nanoTime()));
        }
        threadsLeft.removeIf(thread -> !thread.isAlive());
    }

    @Test
    void everyStrategyIsStoredThroughBothRoutes() {
        List<Map<String, String>> stored = table("ROUTE");

        for (String route : ROUTES) {
            assertThat(stored).filteredOn(row -> row.get("ROUTE").equals(route))
                    .extracting(row -> row.get("STRATEGY"))
                    .as("strategies stored through " + route)
                    .containsAll(STRATEGIES);
        }
        assertThat(stored).extracting(row -> row.get("ROUTE")).allMatch(ROUTES::contains);
    }

    @Test
    void objectIdsAre24HexDigitsWithTheirCreationTime() {
        assertThat(rows("@GeneratedObjectId")).isNotEmpty().allSatisfy(row -> {
            assertThat(row.get("ID")).matches("[0-9a-f]{24}");
            assertThat(creationTime(row)).isNotNull();
        });
    }

    @Test
    void sequencesNumberEachRouteFromOne() {
        for (String route : ROUTES) {
            List<Long> numbers = rows("@Sequence(batch = 100)").stream()
                    .filter(row -> row.get("ROUTE").equals(route))
                    .map(row -> Long.parseLong(row.get("ID")))
                    .toList();
            List<Long> fromOne = new ArrayList<>();
            for (long number = 1; number <= numbers.size(); number++) {
                fromOne.add(number);
            }
            assertThat(numbers).as(route + " invoice numbers").isNotEmpty().isEqualTo(fromOne);
        }
    }

    @Test
    void timeOrderedUuidsAreVersion7WithTheirCreationTime() {
        assertThat(rows("@UuidId(TIME_ORDERED)")).hasSize(ROUTES.size()).allSatisfy(row -> {
            assertThat(row.get("ID")).hasSize(36);
            assertThat(UUID.fromString(row.get("ID")).version()).isEqualTo(7);
            assertThat(creationTime(row)).isNotNull();
        });
    }

    @Test
    void randomUuidsAreVersion4() {
        assertThat(rows("@UuidId(RANDOM)")).hasSize(ROUTES.size()).allSatisfy(row -> {
            assertThat(row.get("ID")).hasSize(36);
            assertThat(UUID.fromString(row.get("ID")).version()).isEqualTo(4);
        });
    }

    @Test
    void randomIdsHaveTwelveDigits() {
        assertThat(rows("@RandomId(digits = 12)")).hasSize(ROUTES.size())
                .allSatisfy(row -> assertThat(row.get("ID")).matches("[1-9][0-9]{11}"));
    }

    @Test
    void theCountersOfBothRoutesAreListed() {
        Map<String, Long> counters = table("_ID").stream()
                .collect(Collectors.toMap(row -> row.get("_ID"), row -> Long.parseLong(row.get("NEXT"))));
        Map<String, Long> sequences = table("SEQUENCE").stream()
                .collect(Collectors.toMap(row -> row.get("SEQUENCE"), row -> Long.parseLong(row.get("RESERVED"))));

        // A counter holds how many numbers were reserved: whole batches of 100, at least the numbers shown.
        assertThat(counters).containsOnlyKeys("invoices");
        assertThat(counters.get("invoices")).isPositive().isEqualTo(counters.get("invoices") / 100 * 100);
        assertThat(sequences).containsOnlyKeys("keysmith_invoice");
        assertThat(sequences.get("keysmith_invoice")).isPositive()
                .isEqualTo(sequences.get("keysmith_invoice") / 100 * 100);
    }

    @Test
    void theOutputStartsWithATitleAndSaysWhatEachSectionShows() {
        assertThat(output.get(0)).startsWith("keysmith demo");
        for (String header : List.of("ROUTE", "_ID", "SEQUENCE")) {
            int headerLine = headerLine(header);
            assertThat(output.get(headerLine - 1)).as("the line before the " + header + " table").endsWith(":");
        }
        assertThat(output).noneMatch(line -> line.endsWith(" "));
    }

    @Test
    void itLogsNothingAndLeavesNoThreadRunning() {
        assertThat(errors).as("what the demo wrote to System.err").isEmpty();
        assertThat(hibernateMessages).as("what Hibernate logged").isEmpty();
        assertThat(threadsLeft).as("non-daemon threads still running after the demo").isEmpty();
    }

    private static List<Map<String, String>> rows(String strategy) {
        return table("ROUTE").stream().filter(row -> row.get("STRATEGY").equals(strategy)).toList();
    }

    private static Instant creationTime(Map<String, String> row) {
        String readBack = row.get("READ BACK FROM THE ID");
        assertThat(readBack).startsWith("created ");
        return Instant.parse(readBack.substring("created ".length()));
    }

    private static int headerLine(String firstColumn) {
        for (int index = 0; index < output.size(); index++) {
            if (output.get(index).startsWith(firstColumn + " ")) {
                return index;
            }
        }
        throw new AssertionError("no table with the column " + firstColumn + " in:\n" + String.join("\n", output));
    }

    /**
     * The rows of the table whose first column is {@code firstColumn}, each by column header; the columns are
     * where the rule of dashes under the header puts them.
     */
    private static List<Map<String, String>> table(String firstColumn) {
        int header = headerLine(firstColumn);
        String rule = output.get(header + 1);
        assertThat(rule).as("the rule under the header").matches("-+( +-+)*");
        List<int[]> columns = new ArrayList<>();
        for (int start = 0; start < rule.length(); ) {
            int end = rule.indexOf(' ', start);
            end = end < 0 ? rule.length() : end;
            columns.add(new int[] {start, end});
            start = end;
            while (start < rule.length() && rule.charAt(start) == ' ') {
                start++;
            }
        }
        columns.get(columns.size() - 1)[1] = Integer.MAX_VALUE; // the last column is not padded
        Function<String, List<String>> cells = line -> columns.stream()
                .map(column -> column[0] >= line.length() ? ""
                        : line.substring(column[0], Math.min(column[1], line.length())).strip())
                .toList();
        List<String> names = cells.apply(output.get(header));
        List<Map<String, String>> rows = new ArrayList<>();
        for (int index = header + 2; index < output.size() && !output.get(index).isBlank(); index++) {
            List<String> values = cells.apply(output.get(index));
            Map<String, String> row = new LinkedHashMap<>();
            for (int column = 0; column < names.size(); column++) {
                row.put(names.get(column), values.get(column));
            }
            rows.add(row);
        }
        assertThat(rows).as("rows of the " + firstColumn + " table").isNotEmpty();
        return rows;
    }
}
