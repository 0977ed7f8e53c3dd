package dev.keysmith.samples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class TableTest {

    @Test
    void columnsAreAsWideAsTheirWidestCellWithTwoSpacesBetweenAndNoTrailingSpace() {
        Table table = new Table("NAME", "NEXT", "NOTE")
                .row("invoices", 100, "x")
                .row("a", 5, "a longer note than its header");

        assertThat(printed(table)).isEqualTo(String.join(System.lineSeparator(),
                "NAME      NEXT  NOTE",
                "--------  ----  -----------------------------",
                "invoices  100   x",
                "a         5     a longer note than its header",
                ""));
    }

    @Test
    void aTableWithoutRowsPrintsItsHeader() {
        Table table = new Table("_ID", "NEXT");

        assertThat(printed(table)).isEqualTo("_ID  NEXT" + System.lineSeparator() + "---  ----" + System.lineSeparator());
    }

    @Test
    void aRowWithTheWrongNumberOfCellsIsRefusedNamingTheColumns() {
        Table table = new Table("NAME", "NEXT");

        assertThatThrownBy(() -> table.row("invoices"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a row of this table needs 2 cells [NAME, NEXT] but got 1: [invoices]");
        assertThat(printed(table)).doesNotContain("invoices");
    }

    private static String printed(Table table) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        table.print(new PrintStream(out, true, StandardCharsets.UTF_8));
        return out.toString(StandardCharsets.UTF_8);
    }
}
