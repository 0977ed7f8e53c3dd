package dev.keysmith.hibernate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keysmith.annotations.Sequence;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.hibernate.SessionFactory;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The DDL docs/hibernate.md gives Flyway and Liquibase users is exactly what Hibernate's schema export produces for
 * the same model, on each database: the SQL statements as written, and the Liquibase changes' attributes
 * (sequence name, start and increment; table columns, types, key) rendered the way Liquibase renders them.
 */
class DocumentedDdlTest {

    private static final Pattern SQL_BLOCK = Pattern.compile("```sql\\n(.*?)```", Pattern.DOTALL);
    private static final Pattern YAML_BLOCK = Pattern.compile("```yaml\\n(.*?)```", Pattern.DOTALL);
    private static final Pattern CREATE_SEQUENCE = Pattern.compile(
            "createSequence: \\{ sequenceName: (\\w+), startValue: (\\d+), incrementBy: (\\d+) }");
    private static final Pattern COLUMN = Pattern.compile(
            "- column: \\{ name: (\\w+), type: ([\\w()]+), constraints: \\{ (primaryKey: true, )?nullable: false } }");

    /** The guide's example: {@code @Sequence} on {@code Invoice}, and a striped sequence named {@code orders}. */
    @Entity(name = "Invoice")
    public static class Invoice {
        @Id @Sequence Long number;
    }

    @Entity(name = "StripedOrder")
    public static class StripedOrder {
        @Id @Sequence(name = "orders", batch = 20, counters = 3, digits = 9) Long id;
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(TestDatabase.class)
    void theSequenceDdlIsWhatSchemaExportMakes(TestDatabase database) throws IOException {
        List<String> exported = exported(database.target(), "create sequence keysmith_");
        List<String> sqlBlock = statements(block(SQL_BLOCK, "create sequence"));
        assertThat(sqlBlock).as("the guide's Flyway statements").isEqualTo(exported);

        List<String> liquibase = new ArrayList<>();
        Matcher change = CREATE_SEQUENCE.matcher(block(YAML_BLOCK, "createSequence"));
        while (change.find()) {
            liquibase.add("create sequence " + change.group(1) + " start with " + change.group(2) + " increment by "
                    + change.group(3));
        }
        assertThat(liquibase).as("the guide's Liquibase changes").isNotEmpty();
        assertThat(exported).as("schema export").containsAll(liquibase);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(TestDatabase.class)
    void theTableDdlIsWhatSchemaExportMakes(TestDatabase database) throws IOException {
        List<String> exported = exported(database.target().withTableStore(), "create table keysmith_sequences");
        assertThat(statements(block(SQL_BLOCK, "create table keysmith_sequences"))).as("the guide's Flyway statement")
                .isEqualTo(exported).containsExactly(KeysmithSequencesDdl.DDL);

        List<String> columns = new ArrayList<>();
        String key = null;
        Matcher column = COLUMN.matcher(block(YAML_BLOCK, "createTable"));
        while (column.find()) {
            columns.add(column.group(1) + " " + column.group(2) + " not null");
            key = column.group(3) != null ? column.group(1) : key;
        }
        assertThat(List.of("create table keysmith_sequences (" + String.join(", ", columns) + ", primary key (" + key
                + "))")).as("the guide's Liquibase change").isEqualTo(exported);
    }

    /** The statements of Hibernate's create script for the guide's model that start with {@code prefix}. */
    private static List<String> exported(TestDatabase.Target target, String prefix) {
        StringWriter script = new StringWriter();
        try (SessionFactory factory = target.with("jakarta.persistence.schema-generation.scripts.action", "create")
                .with("jakarta.persistence.schema-generation.scripts.create-target", script)
                .with("hibernate.hbm2ddl.delimiter", ";")
                .build(List.of(Invoice.class, StripedOrder.class), "none")) {
            assertThat(factory.isOpen()).isTrue();
        }
        return statements(script.toString()).stream().filter(statement -> statement.startsWith(prefix)).toList();
    }

    /** The statements of {@code sql}, one line each with single spaces, without comments or the final ';'. */
    private static List<String> statements(String sql) {
        String code = sql.lines().map(line -> line.replaceAll("--.*", "")).reduce("", (a, b) -> a + " " + b);
        List<String> statements = new ArrayList<>();
        for (String statement : code.split(";")) {
            String normal = statement.trim().replaceAll("\\s+", " ").replace("( ", "(").replace(" )", ")")
                    .toLowerCase(Locale.ROOT);
            if (!normal.isEmpty()) {
                statements.add(normal);
            }
        }
        return statements;
    }

    /** The first fenced block of the guide that {@code block} finds and that contains {@code text}. */
    private static String block(Pattern block, String text) throws IOException {
        Matcher matcher = block.matcher(Files.readString(guide()));
        while (matcher.find()) {
            if (matcher.group(1).contains(text)) {
                return matcher.group(1);
            }
        }
        throw new AssertionError("docs/hibernate.md has no block with " + text);
    }

    /** docs/hibernate.md, found from the module directory the test runs in (this module, or one inside it). */
    private static Path guide() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path guide = dir.resolve("docs/hibernate.md");
            if (Files.isRegularFile(guide) && Files.isRegularFile(dir.resolve("pom.xml"))) {
                return guide;
            }
        }
        throw new AssertionError("docs/hibernate.md not found above " + Path.of("").toAbsolutePath());
    }
}
