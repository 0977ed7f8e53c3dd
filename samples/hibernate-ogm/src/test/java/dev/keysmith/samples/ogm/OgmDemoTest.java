package dev.keysmith.samples.ogm;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Runs the OGM demo in-process once and checks what it printed. */
class OgmDemoTest {

    private static List<String> output;

    @BeforeAll
    static void runTheDemo() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        OgmDemo.run(new PrintStream(out, true, StandardCharsets.UTF_8));
        output = out.toString(StandardCharsets.UTF_8).lines().toList();
    }

    @Test
    void everyStrategyIsStoredWithItsBsonTypeAndFoundByItsId() {
        assertThat(line("@GeneratedObjectId")).containsPattern("Event +[0-9a-f]{24} +ObjectId\\(\"[0-9a-f]{24}\"\\) +yes$");
        assertThat(lines("@Sequence(batch = 100)")).hasSize(2);
        assertThat(lines("@Sequence(batch = 100)").get(0)).containsPattern("Invoice +1 +NumberLong\\(1\\) +yes$");
        assertThat(lines("@Sequence(batch = 100)").get(1)).containsPattern("Invoice +2 +NumberLong\\(2\\) +yes$");
        assertThat(line("@UuidId(TIME_ORDERED)")).containsPattern("Session +[0-9a-f-]{36} +BinData\\(4, 16 bytes\\) +yes$");
        assertThat(line("@UuidId(RANDOM)")).containsPattern("Upload +[0-9a-f-]{36} +BinData\\(4, 16 bytes\\) +yes$");
        assertThat(line("@RandomId(digits = 12)")).containsPattern("Account +\\d{12} +NumberLong\\(\\d{12}\\) +yes$");
    }

    @Test
    void theCounterDocumentIsPrinted() {
        // one range of 100 reserved, a second maybe prefetched
        assertThat(output).anySatisfy(line -> assertThat(line).matches("Invoice +NumberLong\\((100|200)\\)"));
    }

    private static String line(String strategy) {
        List<String> lines = lines(strategy);
        assertThat(lines).as("the lines of %s in%n%s", strategy, String.join("\n", output)).hasSize(1);
        return lines.get(0);
    }

    private static List<String> lines(String strategy) {
        return output.stream().filter(line -> line.contains(" " + strategy + " ")).toList();
    }
}
